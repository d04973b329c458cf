import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { hasSyncedChart, isFundCode, isStockCode } from "@/lib/domain/market/codes";
import { readStatement } from "@/lib/domain/statements/import";
import { db } from "@/lib/db";
import { marketBars } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { TushareProvider } from "@/lib/server/market/providers/tushare";
import { storeReport } from "@/lib/server/statements/import";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { startTushareLocal, TUSHARE_LOCAL_TOKEN, type TushareLocal } from "@/test/market-local/tushare";
import { worldFundBars } from "@/test/market-local/world";
import { runMarketSync } from "./run";

process.env.LOG_LEVEL = "silent";

/**
 * A real 中信 export (../shared/real-statements, issue 21; third-party data read in place, never copied) that trades
 * mostly ETFs: after a sync from the Tushare stand-in every fund and stock it traded has a bar on each day it traded,
 * the funds from `fund_daily`, and its bonds and repo none.
 */
const FILE = path.join(process.cwd(), "..", "shared", "real-statements", "files", "citic_dzd_2024_2025.xls");
const present = existsSync(FILE);
if (!present) console.warn("!!! ../shared/real-statements/files/citic_dzd_2024_2025.xls absent: real-statement fund sync test SKIPPED !!!");

// 2025-08-01 18:00 in Asia/Shanghai: every span (last fill 2025-06-12 + 20 trading days) has its bars out
const NOW = new Date("2025-08-01T10:00:00Z");
const FAST = { minIntervalMs: 0, baseDelayMs: 5, maxDelayMs: 40, rateLimitDelayMs: 1_600, timeoutMs: 5_000 };

(present ? describeOnEachEngine : describe.skip)("a real export's exchange-traded funds are synced and charted", () => {
  let local: TushareLocal;
  beforeAll(async () => {
    local = await startTushareLocal();
  });
  afterAll(() => local.close());

  it("stores bars for every fund and stock it traded, on every day it traded them; none for its bonds", async () => {
    const report = readStatement(new Uint8Array(readFileSync(FILE)), path.basename(FILE));
    const master = await createMaster(OPERATOR, { name: "场内基金高手" });
    await storeReport(report, { bytes: new Uint8Array(readFileSync(FILE)), fileName: path.basename(FILE) }, { kind: "master", masterGuid: master.guid, isPublic: true });
    const fills = report.fills.filter((f) => f.market === "A");
    const funds = [...new Set(fills.map((f) => f.code).filter(isFundCode))].sort();
    const charted = [...new Set(fills.map((f) => f.code).filter(hasSyncedChart))].sort();
    const others = [...new Set(fills.map((f) => f.code).filter((c) => !hasSyncedChart(c)))];
    expect(funds).toEqual(expect.arrayContaining(["159659", "510880", "513030", "518850", "588200"]));
    expect(funds.length).toBeGreaterThan(charted.length / 2);
    expect(others.length).toBeGreaterThan(0); // its convertible bonds

    const summary = await runMarketSync({ trigger: "import", provider: new TushareProvider({ token: TUSHARE_LOCAL_TOKEN, apiUrl: local.url, policy: FAST }), now: NOW });
    expect(summary).toMatchObject({ status: "ok", failures: [], codes: charted.length + 1 }); // and the 沪深300

    const fundCalls = local.calls.filter((c) => c.api === "fund_daily");
    expect(new Set(fundCalls.map((c) => c.subject.slice(0, 6)))).toEqual(new Set(funds));
    expect(local.calls.filter((c) => c.api === "daily").flatMap((c) => c.subject.split(",")).some((s) => isFundCode(s.slice(0, 6)))).toBe(false);

    const database = await db();
    const stored = await database.select({ code: marketBars.code, date: marketBars.tradeDate }).from(marketBars).where(inArray(marketBars.code, [...charted, ...others]));
    const have = new Set(stored.map((b) => `${b.code} ${b.date}`));
    const missing = fills.filter((f) => hasSyncedChart(f.code) && !have.has(`${f.code} ${f.date}`)).map((f) => `${f.code} ${f.date}`);
    expect(missing).toEqual([]);
    expect(stored.filter((b) => others.includes(b.code))).toEqual([]);
    expect(charted.filter(isStockCode).length + funds.length).toBe(charted.length);

    // the master's 黄金9999 day of the e2e spec, as the stand-in has it, to the 0.001 yuan
    const [gold] = await database.select().from(marketBars).where(and(eq(marketBars.code, "518850"), eq(marketBars.tradeDate, "2025-06-11")));
    const [expected] = worldFundBars("518850", "2025-06-11", "2025-06-11");
    expect(gold).toMatchObject({ open: expected!.open, high: expected!.high, low: expected!.low, close: expected!.close, preClose: expected!.preClose, volume: expected!.volume, source: "tushare" });
  }, 120_000);
});
