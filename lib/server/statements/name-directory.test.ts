import { eq } from "drizzle-orm";
import { reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { stocks } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { startTushareLocal, TUSHARE_LOCAL_TOKEN, type TushareLocal } from "@/test/market-local/tushare";
import { importStatement } from "./import";
import { createMaster } from "./masters-admin";
import { forgetProviderList } from "./name-directory";
import { closeStatementParser } from "./parser-pool";

/**
 * A file without a code column imported for real: its names resolved from a statement stored before and from the
 * configured provider's stock list (the Tushare Pro stand-in's `stock_basic`), the rest kept by name.
 */
process.env.LOG_LEVEL = "silent";
const utf8 = (s: string) => new TextEncoder().encode(s);

const WITH_CODES = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  "20240102,09:35:00,600036,招商银行,证券买入,1000,33.00,33000.00,-33005.00,5.00,0.00",
].join("\n");
const BY_NAME = [
  "成交日期,业务名称,证券名称,成交价格,成交数量,成交金额,清算金额,净佣金,印花税",
  "20240304,融资买入,招商银行,34.00,1000,34000.00,-34005.00,5.00,0.00",
  "20240305,卖券还款,贵州茅台,1750.00,10,17500.00,17486.25,5.00,8.75",
  "20240306,担保品买入,无名股份,5.00,100,500.00,-505.00,5.00,0.00",
  // 平安银行 (000001) was 深发展A until 2012-08-01: only the provider's history of names knows
  "20110510,担保品买入,深发展A,16.00,100,1600.00,-1605.00,5.00,0.00",
].join("\n");

describeOnEachEngine("names resolved to codes on import", () => {
  let local: TushareLocal;
  beforeAll(async () => {
    local = await startTushareLocal();
    Object.assign(process.env, { MARKET_DATA_PROVIDER: "tushare", TUSHARE_TOKEN: TUSHARE_LOCAL_TOKEN, TUSHARE_API_URL: local.url });
    reloadConfigForTests();
    forgetProviderList();
  });
  afterAll(async () => {
    for (const key of ["MARKET_DATA_PROVIDER", "TUSHARE_TOKEN", "TUSHARE_API_URL"]) delete process.env[key];
    reloadConfigForTests();
    forgetProviderList();
    await local.close();
    await closeStatementParser();
  });

  it("uses the statements stored and the provider's stock list, and keeps an unknown name as the key", async () => {
    const master = await createMaster(OPERATOR, { name: "融资客" });
    await importStatement(OPERATOR, utf8(WITH_CODES), "a.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    const before = local.calls.filter((c) => c.api === "stock_basic").length;
    const { report } = await importStatement(OPERATOR, utf8(BY_NAME), "credit.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    expect(report.fills.map((f) => [f.code, f.exchange, f.side])).toEqual([
      ["600036", "SH", "buy"],
      ["600519", "SH", "sell"],
      ["无名股份", "SZ", "buy"],
      ["000001", "SZ", "buy"],
    ]);
    expect(report.warnings.join("\n")).toContain("1 个证券名称没有对应到唯一的代码，按名称记");
    // the stock list and the history of names were asked once, for the names the statements left open
    expect(local.calls.filter((c) => c.api === "stock_basic").length - before).toBe(1);
    expect(local.calls.filter((c) => c.api === "namechange")).toHaveLength(1);
    const database = await db();
    expect(await database.select({ code: stocks.code }).from(stocks).where(eq(stocks.name, "无名股份"))).toEqual([]);
    expect(await database.select({ name: stocks.name }).from(stocks).where(eq(stocks.code, "600519"))).toEqual([{ name: "贵州茅台" }]);
  });
});
