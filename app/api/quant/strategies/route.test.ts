import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { jobs, strategyApiKeys, strategyFills, strategyNav, strategySignals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { MAX_INGEST_BODY_BYTES, MESSAGES } from "@/lib/domain/quant/ingest-schema";
import { createStrategyKey, revokeStrategyKey } from "@/lib/server/quant/api-keys";
import { UNAUTHORIZED_MESSAGE } from "@/lib/server/quant/ingest";
import { INGEST_RATE_PER_MINUTE } from "@/lib/server/quant/ingest-route";
import { enqueueSignalFanout } from "@/lib/server/quant/signal-fanout";
import { createStrategy } from "@/lib/server/quant/strategies-admin";
import { POST as fillsPost } from "./[guid]/fills/route";
import { POST as navPost } from "./[guid]/nav/route";
import { POST as signalsPost } from "./[guid]/signals/route";
import { OPERATOR } from "@/lib/server/auth/roles";

jest.mock("@/lib/server/quant/signal-fanout", () => {
  const actual = jest.requireActual("@/lib/server/quant/signal-fanout");
  return { ...actual, enqueueSignalFanout: jest.fn(actual.enqueueSignalFanout) };
});
process.env.LOG_LEVEL = "silent";

const ORIGIN = "http://localhost:3000";
const ROUTES = { signals: signalsPost, nav: navPost, fills: fillsPost } as const;
let ipCounter = 0;

/** A machine request: no Origin, no cookie; each gets its own client address unless one is given. */
function send(kind: keyof typeof ROUTES, guid: string, body: unknown, key?: string | null, extra: { ip?: string; raw?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", "x-lianghua-peer": extra.ip ?? `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` };
  if (key) headers.authorization = `Bearer ${key}`;
  const req = new NextRequest(`${ORIGIN}/api/quant/strategies/${guid}/${kind}`, { method: "POST", headers, body: extra.raw ?? JSON.stringify(body) });
  return ROUTES[kind](req, { params: Promise.resolve({ guid }) });
}

const reply = async (res: Response) => [res.status, await res.json()] as const;

const signal = (id: string, over: Record<string, unknown> = {}) => ({ id, date: "2024-03-01", time: "09:45", code: "600519", name: "贵州茅台", side: "buy", price: 1700, weight: 0.1, ...over });

async function rowsOf(guid: string) {
  const d = await db();
  return {
    signals: await d.select().from(strategySignals).where(eq(strategySignals.strategyGuid, guid)),
    nav: await d.select().from(strategyNav).where(eq(strategyNav.strategyGuid, guid)),
    fills: await d.select().from(strategyFills).where(eq(strategyFills.strategyGuid, guid)),
  };
}

describeOnEachEngine("POST /api/quant/strategies/{guid}/signals|nav|fills", (engine) => {
  let live: string;
  let liveKey: string;
  let other: string;
  let otherKey: string;
  let backtest: string;
  let backtestKey: string;

  beforeAll(async () => {
    const base = { author: "测试", startDate: "2024-01-02" };
    live = (await createStrategy(OPERATOR, { ...base, name: "实盘测试", status: "live" })).guid;
    other = (await createStrategy(OPERATOR, { ...base, name: "别的策略", status: "paper" })).guid;
    backtest = (await createStrategy(OPERATOR, { ...base, name: "回测策略", status: "backtest" })).guid;
    liveKey = (await createStrategyKey(OPERATOR, live))!.key;
    otherKey = (await createStrategyKey(OPERATOR, other))!.key;
    backtestKey = (await createStrategyKey(OPERATOR, backtest))!.key;
  });

  beforeEach(() => jest.mocked(enqueueSignalFanout).mockClear());

  it("answers 401 alike for a missing, malformed, unknown, revoked or other strategy's key, and stores nothing", async () => {
    const revoked = (await createStrategyKey(OPERATOR, live))!;
    expect(await revokeStrategyKey(OPERATOR, revoked.id)).toBe(true);
    const body = { signals: [signal("never")] };
    const keys = [null, "nonsense", `lh_sk_${"A".repeat(43)}`, revoked.key, otherKey, `${liveKey}x`];
    for (const kind of ["signals", "nav", "fills"] as const) {
      for (const key of keys) {
        const res = await send(kind, live, body, key);
        expect(await reply(res)).toEqual([401, { message: UNAUTHORIZED_MESSAGE }]);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
    }
    // A valid key on a path that is not its strategy (or not a guid) gets the same answer.
    expect(await reply(await send("signals", other, body, liveKey))).toEqual([401, { message: UNAUTHORIZED_MESSAGE }]);
    expect(await reply(await send("signals", "not-a-guid", body, liveKey))).toEqual([401, { message: UNAUTHORIZED_MESSAGE }]);
    expect(await rowsOf(live)).toEqual({ signals: [], nav: [], fills: [] });
    expect(await rowsOf(other)).toEqual({ signals: [], nav: [], fills: [] });
  });

  it("throttles an address that keeps presenting bad keys", async () => {
    const ip = engine === "pglite" ? "192.0.2.77" : "192.0.2.78";
    for (let i = 0; i < 30; i++) expect((await send("nav", live, {}, "bad", { ip })).status).toBe(401);
    const res = await send("nav", live, {}, liveKey, { ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses a malformed body with every field error and stores nothing", async () => {
    const [status, body] = await reply(await send("signals", live, { signals: [signal("ok-1"), signal("bad-1", { code: "12345", side: "short" }), signal("bad-2", { date: "2099-01-01" })] }, liveKey));
    expect(status).toBe(400);
    expect(body).toEqual({
      message: "请求内容有 3 处错误，未保存任何数据 / 3 invalid fields: nothing was stored",
      errors: [
        { index: 1, field: "code", message: MESSAGES.code },
        { index: 1, field: "side", message: MESSAGES.side },
        { index: 2, field: "date", message: MESSAGES.future },
      ],
    });
    expect(await reply(await send("signals", live, null, liveKey, { raw: "{not json" }))).toEqual([
      400,
      { message: expect.stringContaining("JSON"), errors: [{ index: null, field: "body", message: expect.stringContaining("JSON") }] },
    ]);
    expect((await reply(await send("signals", live, { signals: [] }, liveKey)))[1].errors).toEqual([{ index: null, field: "signals", message: MESSAGES.signals }]);
    expect((await reply(await send("nav", live, { points: [{ date: "2024-03-01", nav: 0 }] }, liveKey)))[1].errors).toEqual([{ index: 0, field: "nav", message: MESSAGES.nav }]);
    // Before the strategy's start date.
    const early = await reply(await send("fills", live, { fills: [{ id: "f0", date: "2023-12-29", code: "600519", name: "贵州茅台", side: "buy", quantity: 100, price: 1700 }] }, liveKey));
    expect(early).toEqual([400, expect.objectContaining({ errors: [expect.objectContaining({ index: 0, field: "date", message: expect.stringContaining("2024-01-02") })] })]);
    expect(await rowsOf(live)).toEqual({ signals: [], nav: [], fills: [] });
    expect(enqueueSignalFanout).not.toHaveBeenCalled();
  });

  it("refuses a body over the size cap before parsing it", async () => {
    const raw = `{"signals":[${" ".repeat(MAX_INGEST_BODY_BYTES)}]}`;
    expect((await send("signals", live, null, liveKey, { raw })).status).toBe(413);
  });

  it("stores signals once by the caller's id, enqueues each new one once, and counts replays as duplicates", async () => {
    expect(await reply(await send("signals", live, { signals: [signal("s-1"), signal("s-2", { side: "sell", price: null, weight: null, time: null })] }, liveKey))).toEqual([
      200,
      { accepted: 2, duplicates: 0 },
    ]);
    expect(enqueueSignalFanout).toHaveBeenCalledTimes(2);
    const replay = await reply(await send("signals", live, { signals: [signal("s-1"), signal("s-2", { side: "sell", price: null, weight: null, time: null }), signal("s-3"), signal("s-3")] }, liveKey));
    expect(replay).toEqual([200, { accepted: 1, duplicates: 3 }]);
    expect(enqueueSignalFanout).toHaveBeenCalledTimes(3);

    const { signals } = await rowsOf(live);
    expect(signals.map((s) => s.externalId).sort()).toEqual(["s-1", "s-2", "s-3"]);
    expect(signals.find((s) => s.externalId === "s-1")).toMatchObject({ signalDate: "2024-03-01", signalTime: "09:45:00", price: 1700, weight: 0.1, note: "" });
    const queued = await (await db()).select().from(jobs).where(eq(jobs.kind, "signal-fanout"));
    expect(queued.filter((j) => signals.some((s) => s.id === j.payload.signalId))).toHaveLength(3);

    const used = await (await db()).select({ at: strategyApiKeys.lastUsedAt }).from(strategyApiKeys).where(eq(strategyApiKeys.strategyGuid, live));
    expect(used.some((k) => k.at instanceof Date)).toBe(true);
  });

  it("refuses a replayed id with other content (409, listing the ids) and stores none of that batch", async () => {
    await send("signals", live, { signals: [signal("c-1"), signal("c-2")] }, liveKey);
    jest.mocked(enqueueSignalFanout).mockClear();
    const res = await send("signals", live, { signals: [signal("c-new"), signal("c-1", { price: 1701 }), signal("c-2", { note: "改了" })] }, liveKey);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const [status, body] = await reply(res);
    expect(status).toBe(409);
    expect(body).toEqual({ message: expect.stringContaining("编号已存在但内容不同"), ids: ["c-1", "c-2"], dates: [] });
    expect((await rowsOf(live)).signals.some((s) => s.externalId === "c-new")).toBe(false);
    expect(enqueueSignalFanout).not.toHaveBeenCalled();
  });

  it("keeps NAV append-only: the same value is a duplicate, another value a 409", async () => {
    const points = [{ date: "2024-03-01", nav: 1.0123 }, { id: "n-2", date: "2024-03-04", nav: 1.02 }];
    expect(await reply(await send("nav", live, { points }, liveKey))).toEqual([200, { accepted: 2, duplicates: 0 }]);
    expect(await reply(await send("nav", live, { points: [...points, { date: "2024-03-05", nav: 1.03 }] }, liveKey))).toEqual([200, { accepted: 1, duplicates: 2 }]);
    const [status, body] = await reply(await send("nav", live, { points: [{ date: "2024-03-06", nav: 1.04 }, { date: "2024-03-04", nav: 1.0201 }] }, liveKey));
    expect([status, body]).toEqual([409, { message: expect.stringContaining("只追加"), ids: [], dates: ["2024-03-04"] }]);
    // An id already used for another date conflicts too.
    expect((await send("nav", live, { points: [{ id: "n-2", date: "2024-03-07", nav: 1.05 }] }, liveKey)).status).toBe(409);
    const nav = (await rowsOf(live)).nav.map((n) => [n.tradeDate, n.nav]).sort();
    expect(nav).toEqual([["2024-03-01", 1.0123], ["2024-03-04", 1.02], ["2024-03-05", 1.03]]);
  });

  it("stores fills idempotently with their amount", async () => {
    const fill = { id: "f-1", date: "2024-03-01", time: "10:01:02", code: "000001", name: "平安银行", side: "buy", quantity: 1000, price: 10.555 };
    expect(await reply(await send("fills", other, { fills: [fill] }, otherKey))).toEqual([200, { accepted: 1, duplicates: 0 }]);
    expect(await reply(await send("fills", other, { fills: [fill] }, otherKey))).toEqual([200, { accepted: 0, duplicates: 1 }]);
    expect(await reply(await send("fills", other, { fills: [{ ...fill, quantity: 900 }] }, otherKey))).toEqual([409, expect.objectContaining({ ids: ["f-1"] })]);
    expect((await rowsOf(other)).fills).toMatchObject([{ externalId: "f-1", quantity: 1000, price: 10.555, amount: 10555, tradeTime: "10:01:02" }]);
  });

  it("a backtest strategy refuses live signals but takes NAV", async () => {
    expect(await reply(await send("signals", backtest, { signals: [signal("b-1")] }, backtestKey))).toEqual([409, { message: expect.stringContaining("回测策略不接收实时信号") }]);
    expect((await send("nav", backtest, { points: [{ date: "2024-03-01", nav: 1 }] }, backtestKey)).status).toBe(200);
    expect((await rowsOf(backtest)).signals).toEqual([]);
    expect(enqueueSignalFanout).not.toHaveBeenCalled();
  });

  it(`limits a key to ${INGEST_RATE_PER_MINUTE} requests a minute`, async () => {
    const busy = (await createStrategy(OPERATOR, { name: "高频", author: "测试", status: "paper", startDate: "2024-01-02" })).guid;
    const key = (await createStrategyKey(OPERATOR, busy))!.key;
    for (let i = 0; i < INGEST_RATE_PER_MINUTE; i++) expect((await send("nav", busy, { points: [] }, key)).status).toBe(400);
    const res = await send("nav", busy, { points: [] }, key);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  }, 60_000);
});
