import { startEastmoneyLocal } from "./eastmoney";
import type { LocalServer } from "./server";
import { TUSHARE_LOCAL_TOKEN, startTushareLocal } from "./tushare";

let tushare: LocalServer;
let eastmoney: LocalServer;
beforeAll(async () => {
  [tushare, eastmoney] = await Promise.all([startTushareLocal(), startEastmoneyLocal()]);
});
afterAll(() => Promise.all([tushare.close(), eastmoney.close()]));

const post = (url: string, body: unknown) => fetch(url, { method: "POST", body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, unknown>>);

describe("the provider stand-ins", () => {
  it("answer Tushare's envelope with only the asked fields, newest first", async () => {
    const answer = await post(tushare.url, {
      api_name: "daily", token: TUSHARE_LOCAL_TOKEN, params: { ts_code: "000001.SZ", start_date: "20180702", end_date: "20180704" }, fields: "trade_date,close,vol",
    });
    expect(answer).toMatchObject({
      code: 0,
      data: { fields: ["trade_date", "close", "vol"], items: [["20180704", 8.61, 711153.37], ["20180703", 8.67, 1274838.57], ["20180702", 8.61, 1315520.13]], has_more: false },
    });
  });

  it("answer an unknown Tushare API with an error code", async () => {
    expect(await post(tushare.url, { api_name: "no_such_api", token: TUSHARE_LOCAL_TOKEN, params: {} })).toMatchObject({ code: -2001, data: null });
  });

  it("refuse adjusted prices from the 东方财富 stand-in, which serves fqt=0 only", async () => {
    const response = await fetch(`${eastmoney.url}/api/qt/stock/kline/get?secid=1.600519&klt=101&fqt=1&beg=20240102&end=20240105`);
    expect(response.status).toBe(400);
  });

  it("take faults over HTTP and log every call", async () => {
    const bad = await fetch(`${eastmoney.url}/_local/faults`, { method: "POST", body: JSON.stringify({ count: 0, kind: "500" }) });
    expect(bad.status).toBe(400);
    await post(`${eastmoney.url}/_local/faults`, { match: "600519", count: 1, kind: "500" });
    const url = `${eastmoney.url}/api/qt/stock/kline/get?secid=1.600519&klt=101&fqt=0&beg=20240102&end=20240105`;
    expect((await fetch(url)).status).toBe(500);
    expect((await fetch(url)).status).toBe(200);
    const { calls } = (await fetch(`${eastmoney.url}/_local/calls`).then((r) => r.json())) as { calls: { outcome: string }[] };
    expect(calls.map((c) => c.outcome).slice(-2)).toEqual(["fault 500", "ok"]);
    await fetch(`${eastmoney.url}/_local/calls`, { method: "DELETE" });
    expect(await fetch(`${eastmoney.url}/_local/calls`).then((r) => r.json())).toEqual({ calls: [] });
  });
});
