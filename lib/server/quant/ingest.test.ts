import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { strategyApiKeys, strategyFills, strategyNav, strategySignals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { encodeGbk } from "@/lib/domain/statements/fixtures/gbk";
import { createStrategyKey, hashStrategyKey, keyForBearer, listStrategyKeys, revokeStrategyKey, strategyForKey } from "./api-keys";
import { importFillsCsv, importNavCsv } from "./csv-import";
import { ingestFills, ingestNav, ingestSignals } from "./ingest";
import { enqueueSignalFanout } from "./signal-fanout";
import { createStrategy, updateStrategy } from "./strategies-admin";
import { OPERATOR } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";

jest.mock("./signal-fanout", () => {
  const actual = jest.requireActual("./signal-fanout");
  return { ...actual, enqueueSignalFanout: jest.fn(actual.enqueueSignalFanout) };
});
process.env.LOG_LEVEL = "silent";

const utf8 = (text: string) => new TextEncoder().encode(text);
const NOW = new Date("2024-06-14T04:00:00Z");
const base = { author: "测试", startDate: "2024-01-02" } as const;

describeOnEachEngine("strategy keys, ingest and CSV imports", () => {
  it("makes a key shown once, stores only its hash, finds, lists and revokes it", async () => {
    const { viewer: admin } = await userWithRole("admin", "keys-admin");
    const { guid } = await createStrategy(OPERATOR, { ...base, name: "密钥", status: "live" });
    const made = (await createStrategyKey(admin, guid))!;
    expect(made.key).toMatch(/^lh_sk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 12));
    const stored = await (await db()).select().from(strategyApiKeys).where(eq(strategyApiKeys.id, made.id));
    expect(stored).toMatchObject([{ keyHash: hashStrategyKey(made.key), prefix: made.prefix, createdBy: admin.userId, revokedAt: null, lastUsedAt: null }]);
    expect(JSON.stringify(stored)).not.toContain(made.key);

    expect(await strategyForKey(made.key)).toBe(guid);
    expect(await keyForBearer(made.key)).toEqual({ keyId: made.id, strategyGuid: guid });
    expect(await strategyForKey(made.key.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBeNull();
    expect(await strategyForKey("")).toBeNull();
    expect(await strategyForKey(null)).toBeNull();
    const [used] = await (await db()).select({ at: strategyApiKeys.lastUsedAt }).from(strategyApiKeys).where(eq(strategyApiKeys.id, made.id));
    expect(used!.at).toBeInstanceOf(Date);

    const second = (await createStrategyKey(OPERATOR, guid))!;
    const { guid: other } = await createStrategy(OPERATOR, { ...base, name: "别人", status: "live" });
    expect(await revokeStrategyKey(OPERATOR, made.id, other)).toBe(false); // not that strategy's key
    expect(await revokeStrategyKey(OPERATOR, made.id, guid)).toBe(true);
    expect(await revokeStrategyKey(OPERATOR, made.id, guid)).toBe(false);
    expect(await strategyForKey(made.key)).toBeNull();
    expect(await strategyForKey(second.key)).toBe(guid);
    const list = await listStrategyKeys(OPERATOR, guid);
    expect(list.map((k) => [k.prefix, k.revokedAt !== null])).toEqual([[second.prefix, false], [made.prefix, true]]);
    expect(list[0]).not.toHaveProperty("keyHash");
    expect(await createStrategyKey(OPERATOR, "5f0c1d2e-3a4b-4c5d-8e6f-000000000000")).toBeNull();
  });

  it("stores a batch once when the same request arrives concurrently", async () => {
    const { guid } = await createStrategy(OPERATOR, { ...base, name: "并发", status: "paper" });
    jest.mocked(enqueueSignalFanout).mockClear();
    const signals = Array.from({ length: 20 }, (_, i) => ({
      id: `p-${i}`, date: "2024-03-01", time: null, code: "600000", name: "浦发银行", side: "buy" as const, price: null, weight: null, note: "",
    }));
    const results = await Promise.all([ingestSignals(guid, signals), ingestSignals(guid, signals), ingestSignals(guid, signals)]);
    expect(results.reduce((n, r) => n + r.accepted, 0)).toBe(20);
    expect(results.reduce((n, r) => n + r.duplicates, 0)).toBe(40);
    expect(enqueueSignalFanout).toHaveBeenCalledTimes(20);
    expect(await (await db()).select().from(strategySignals).where(eq(strategySignals.strategyGuid, guid))).toHaveLength(20);

    const points = [{ id: null, date: "2024-03-01", nav: 1.01 }];
    const navs = await Promise.all([ingestNav(guid, points), ingestNav(guid, points)]);
    expect(navs.map((r) => r.accepted + r.duplicates)).toEqual([1, 1]);
    const fills = [{ id: "x", date: "2024-03-01", time: null, code: "600000", name: "浦发银行", side: "buy" as const, quantity: 100, price: 8 }];
    const fillResults = await Promise.all([ingestFills(guid, fills), ingestFills(guid, fills)]);
    expect(fillResults.reduce((n, r) => n + r.accepted, 0)).toBe(1);
    expect(await (await db()).select().from(strategyFills).where(eq(strategyFills.strategyGuid, guid))).toHaveLength(1);
  });

  it("imports a NAV CSV: bad lines refuse the whole file, known dates are skipped and counted, other values refused", async () => {
    const { guid } = await createStrategy(OPERATOR, { ...base, name: "净值导入", status: "backtest" });
    const nav = async () => (await (await db()).select().from(strategyNav).where(eq(strategyNav.strategyGuid, guid))).map((r) => [r.tradeDate, r.nav]).sort();

    const bad = importNavCsv(OPERATOR, guid, utf8("date,nav\n2024-01-02,1\n2024-01-03,x\n2023-12-29,1\n2024-06-15,1\n"), { now: NOW });
    await expect(bad).rejects.toMatchObject({
      status: 400,
      message: "有 3 行无法导入，未保存任何数据",
      lines: [
        { line: 3, message: expect.stringContaining("净值须为大于 0 的数字") },
        { line: 4, message: "日期 2023-12-29 早于策略开始日期 2024-01-02" },
        { line: 5, message: expect.stringContaining("日期不能晚于今天") },
      ],
    });
    expect(await nav()).toEqual([]);

    expect(await importNavCsv(OPERATOR, guid, utf8("date,nav\n2024-01-02,1\n2024-01-03,1.01\n2024-01-03,1.01\n"), { now: NOW })).toEqual({ added: 2, duplicates: 1, rows: 3, encoding: "utf-8" });
    expect(await importNavCsv(OPERATOR, guid, encodeGbk("日期,净值\n2024-01-02,1\n2024-01-04,1.02\n"), { now: NOW })).toEqual({ added: 1, duplicates: 1, rows: 2, encoding: "gb18030" });
    await expect(importNavCsv(OPERATOR, guid, utf8("date,nav\n2024-01-05,1.03\n2024-01-03,1.5\n"), { now: NOW })).rejects.toMatchObject({
      status: 400,
      message: "有 1 行无法导入，未保存任何数据",
      lines: [{ line: 3, message: "日期 2024-01-03 已有不同的净值，不能覆盖（实盘记录只追加）" }],
    });
    expect(await nav()).toEqual([["2024-01-02", 1], ["2024-01-03", 1.01], ["2024-01-04", 1.02]]);
    await expect(importNavCsv(OPERATOR, guid, utf8("date,nav\n"), { now: NOW })).rejects.toMatchObject({ status: 400, message: "文件中没有数据行（第一行应为表头）", lines: [] });
    await expect(importNavCsv(OPERATOR, "5f0c1d2e-3a4b-4c5d-8e6f-000000000000", utf8("date,nav\n2024-01-02,1\n"), { now: NOW })).rejects.toMatchObject({ status: 404, message: "策略不存在" });

    // The start date cannot move past what is stored.
    const later = updateStrategy(OPERATOR, guid, { ...base, name: "净值导入", status: "backtest", startDate: "2024-01-03" });
    await expect(later).rejects.toMatchObject({ code: "conflict", message: "开始日期不能晚于已有的最早记录（2024-01-02）" });
  });

  it("imports a fills CSV once: re-importing the same or an overlapping file skips what is stored", async () => {
    const { guid } = await createStrategy(OPERATOR, { ...base, name: "成交导入", status: "live" });
    const header = "date,time,code,name,side,quantity,price";
    const a = [header, "2024-01-02,09:35,600519,贵州茅台,买入,100,1700", "2024-01-02,09:35,600519,贵州茅台,买入,100,1700", "2024-01-03,10:00,600519,贵州茅台,卖出,200,1750"];
    expect(await importFillsCsv(OPERATOR, guid, utf8(a.join("\n")), { now: NOW })).toMatchObject({ added: 3, duplicates: 0 });
    expect(await importFillsCsv(OPERATOR, guid, utf8([...a, "2024-01-04,10:00,000001,平安银行,buy,1000,10.5"].join("\n")), { now: NOW })).toMatchObject({ added: 1, duplicates: 3 });
    const bad = importFillsCsv(OPERATOR, guid, utf8([header, "2024-01-05,10:00,000001,平安银行,buy,1000,10.5", "2024-01-05,10:00,60051,平安银行,buy,100,10.5"].join("\n")), { now: NOW });
    await expect(bad).rejects.toMatchObject({ status: 400, lines: [{ line: 3 }] });
    const rows = await (await db()).select().from(strategyFills).where(eq(strategyFills.strategyGuid, guid));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.code === "000001")).toMatchObject({ side: "buy", quantity: 1000, price: 10.5, amount: 10500, tradeTime: "10:00:00" });

    // A fill id already stored with other content is a bad line of its own, named by its number.
    const named = (quantity: number) => utf8([`${header},id`, `2024-01-08,10:00,000001,平安银行,buy,100,10.5,f-1`, `2024-01-09,10:00,000001,平安银行,sell,${quantity},10.6,f-2`].join("\n"));
    expect(await importFillsCsv(OPERATOR, guid, named(100), { now: NOW })).toMatchObject({ added: 2, duplicates: 0 });
    await expect(importFillsCsv(OPERATOR, guid, named(50), { now: NOW })).rejects.toMatchObject({ status: 400, lines: [{ line: 3, message: "编号 f-2 已导入过，内容不同" }] });
    expect(await (await db()).select().from(strategyFills).where(eq(strategyFills.strategyGuid, guid))).toHaveLength(6);
  });
});
