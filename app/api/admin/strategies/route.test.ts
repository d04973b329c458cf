import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { strategies, strategyApiKeys, strategyFills, strategyNav } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { hashStrategyKey, strategyForKey } from "@/lib/server/quant/api-keys";
import { csvForm, postForm, postJson, routeContext, sessionTokens, statusAndMessage as answer, type Sender } from "../../request.test-support";
import { POST as fillsPost } from "./[guid]/fills/route";
import { POST as navPost } from "./[guid]/nav/route";
import { POST as strategyPost } from "./[guid]/route";
import { POST as createPost } from "./route";

process.env.LOG_LEVEL = "silent";

const create = (body: unknown, who: Sender = {}) => createPost(postJson("/api/admin/strategies", body, who));

const act = (guid: string, body: unknown, who: Sender = {}) => strategyPost(postJson(`/api/admin/strategies/${guid}`, body, who), routeContext({ guid }));

function upload(kind: "nav" | "fills", guid: string, text: string | null, who: Sender = {}) {
  const form = csvForm(text === null ? null : { name: `${kind}.csv`, text });
  const route = kind === "nav" ? navPost : fillsPost;
  return route(postForm(`/api/admin/strategies/${guid}/${kind}`, form, who), routeContext({ guid }));
}

const PROFILE = { name: "动量轮动", author: "量化组", description: "每周调仓", style: "动量", status: "live", startDate: "2024-01-02", benchmark: "" };

describeOnEachEngine("POST /api/admin/strategies…", () => {
  const tokens = sessionTokens("admin", "member");

  it("refuses foreign origins, visitors and members on every route, and changes nothing", async () => {
    const body = { ...PROFILE, name: "不该出现" };
    const guid = randomUUID();
    const evil = "https://evil.example";
    expect(await answer(await create(body, { token: tokens.admin, origin: evil }))).toEqual([403, "请求来源无效"]);
    expect(await answer(await create(body))).toEqual([401, "请先登录"]);
    expect(await answer(await create(body, { token: "forged" }))).toEqual([401, "请先登录"]);
    expect(await answer(await create(body, { token: tokens.member }))).toEqual([403, "没有权限"]);
    for (const payload of [{ action: "update", ...body }, { action: "createKey" }, { action: "revokeKey", keyId: randomUUID() }]) {
      expect(await answer(await act(guid, payload, { token: tokens.admin, origin: evil }))).toEqual([403, "请求来源无效"]);
      expect(await answer(await act(guid, payload))).toEqual([401, "请先登录"]);
      expect(await answer(await act(guid, payload, { token: tokens.member }))).toEqual([403, "没有权限"]);
    }
    for (const kind of ["nav", "fills"] as const) {
      expect(await answer(await upload(kind, guid, "date,nav\n", { token: tokens.admin, origin: evil }))).toEqual([403, "请求来源无效"]);
      expect(await answer(await upload(kind, guid, "date,nav\n"))).toEqual([401, "请先登录"]);
      expect(await answer(await upload(kind, guid, "date,nav\n", { token: tokens.member }))).toEqual([403, "没有权限"]);
    }
    expect(await (await db()).select().from(strategies).where(eq(strategies.name, "不该出现"))).toHaveLength(0);
    expect(await (await db()).select().from(strategyApiKeys)).toHaveLength(0);
  });

  it("explains bad bodies in Chinese", async () => {
    const cases: [unknown, string][] = [
      [null, "参数无效"],
      [{ ...PROFILE, name: " " }, "请填写策略名称"],
      [{ ...PROFILE, name: 7 }, "请填写策略名称"],
      [{ ...PROFILE, author: "" }, "请填写作者"],
      [{ ...PROFILE, status: "real" }, "请选择状态：实盘、模拟盘或回测"],
      [{ ...PROFILE, startDate: "2024-02-30" }, "开始日期格式应为 YYYY-MM-DD，且须为真实日期"],
      [{ ...PROFILE, benchmark: "沪深300" }, "基准代码格式如 000300.SH"],
      [{ ...PROFILE, style: "风".repeat(21) }, "风格最多 20 个字"],
    ];
    for (const [body, message] of cases) expect(await answer(await create(body, { token: tokens.admin }))).toEqual([400, message]);
    const { guid } = await (await create(PROFILE, { token: tokens.admin })).json();
    expect(await answer(await act(guid, { action: "rotate" }, { token: tokens.admin }))).toEqual([400, "参数无效"]);
    expect(await answer(await act(guid, { action: "revokeKey", keyId: "x" }, { token: tokens.admin }))).toEqual([400, "密钥编号无效"]);
    expect(await answer(await act("not-a-guid", { action: "createKey" }, { token: tokens.admin }))).toEqual([404, "策略不存在"]);
    expect(await answer(await act(randomUUID(), { action: "createKey" }, { token: tokens.admin }))).toEqual([404, "策略不存在"]);
    expect(await answer(await upload("nav", randomUUID(), "date,nav\n2024-01-02,1\n", { token: tokens.admin }))).toEqual([404, "策略不存在"]);
    expect(await answer(await upload("nav", guid, null, { token: tokens.admin }))).toEqual([400, "请选择要上传的 CSV 文件（文件不能为空）"]);
  });

  it("creates and edits a strategy, makes a key shown once, revokes only its own keys", async () => {
    const res = await create(PROFILE, { token: tokens.admin });
    const body = await res.json();
    expect([res.status, body]).toEqual([200, { message: "已创建策略“动量轮动”", guid: expect.any(String) }]);
    const [row] = await (await db()).select().from(strategies).where(eq(strategies.guid, body.guid));
    expect(row).toMatchObject({ name: "动量轮动", author: "量化组", status: "live", startDate: "2024-01-02", benchmark: "000300.SH", isDemo: false });

    expect(await answer(await act(body.guid, { action: "update", ...PROFILE, status: "paper", benchmark: "000905.sh" }, { token: tokens.admin }))).toEqual([200, "已保存"]);
    const [after] = await (await db()).select().from(strategies).where(eq(strategies.guid, body.guid));
    expect(after).toMatchObject({ status: "paper", benchmark: "000905.SH" });

    const made = await act(body.guid, { action: "createKey" }, { token: tokens.admin });
    expect(made.headers.get("cache-control")).toBe("no-store");
    const key = await made.json();
    expect(key).toEqual({ message: "已创建接入密钥", id: expect.any(String), prefix: key.key.slice(0, 12), key: expect.stringMatching(/^lh_sk_/) });
    const [stored] = await (await db()).select().from(strategyApiKeys).where(eq(strategyApiKeys.id, key.id));
    expect(stored).toMatchObject({ keyHash: hashStrategyKey(key.key), strategyGuid: body.guid, revokedAt: null });
    expect(await strategyForKey(key.key)).toBe(body.guid);

    const { guid: other } = await (await create({ ...PROFILE, name: "别的" }, { token: tokens.admin })).json();
    expect(await answer(await act(other, { action: "revokeKey", keyId: key.id }, { token: tokens.admin }))).toEqual([404, "密钥不存在"]);
    expect(await answer(await act(body.guid, { action: "revokeKey", keyId: key.id }, { token: tokens.admin }))).toEqual([200, "密钥已吊销"]);
    expect(await answer(await act(body.guid, { action: "revokeKey", keyId: key.id }, { token: tokens.admin }))).toEqual([409, "该密钥已吊销"]);
    expect(await strategyForKey(key.key)).toBeNull();
  });

  it("imports NAV and fills CSV uploads with rows added, duplicates and every bad line", async () => {
    const { guid } = await (await create({ ...PROFILE, name: "上传" }, { token: tokens.admin })).json();
    const bad = await upload("nav", guid, "date,nav\n2024-01-02,1\n2024-01-03,-1\n2023-12-01,1\n", { token: tokens.admin });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      {
        message: "有 2 行无法导入，未保存任何数据",
        errors: [{ line: 3, message: expect.stringContaining("净值") }, { line: 4, message: expect.stringContaining("早于策略开始日期") }],
        errorsTotal: 2,
      },
    ]);
    expect(bad.headers.get("cache-control")).toBe("no-store");
    expect(await (await db()).select().from(strategyNav).where(eq(strategyNav.strategyGuid, guid))).toHaveLength(0);

    const ok = await upload("nav", guid, "date,nav\n2024-01-02,1\n2024-01-03,1.01\n", { token: tokens.admin });
    expect(await ok.json()).toEqual({ message: "已导入 2 个净值点", added: 2, duplicates: 0, rows: 2, encoding: "utf-8" });
    const again = await upload("nav", guid, "date,nav\n2024-01-02,1\n2024-01-04,1.02\n", { token: tokens.admin });
    expect(await again.json()).toMatchObject({ message: "已导入 1 个净值点，1 行已存在，已跳过", added: 1, duplicates: 1 });

    const fills = "date,time,code,name,side,quantity,price\n2024-01-02,09:35,600519,贵州茅台,买入,100,1700\n";
    expect(await (await upload("fills", guid, fills, { token: tokens.admin })).json()).toMatchObject({ message: "已导入 1 笔成交", added: 1 });
    expect(await (await upload("fills", guid, fills, { token: tokens.admin })).json()).toMatchObject({ added: 0, duplicates: 1 });
    expect(await (await db()).select().from(strategyFills).where(eq(strategyFills.strategyGuid, guid))).toHaveLength(1);

    // The start date may not move past the stored records.
    expect(await answer(await act(guid, { action: "update", ...PROFILE, name: "上传", startDate: "2024-01-03" }, { token: tokens.admin }))).toEqual([
      409,
      "开始日期不能晚于已有的最早记录（2024-01-02）",
    ]);
  });
});
