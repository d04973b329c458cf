import path from "node:path";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import type { Fill, ImportReport, StatementEvent } from "@/lib/domain/statements/types";
import { formatAnalysisText } from "./analysis-text";
import { ROOT, runCli } from "./run-command.test-support";

const FIXTURES = path.join(ROOT, "lib/domain/statements/fixtures");

describe("cli analyze", () => {
  it("prints the JSON a QA script reads: format, encoding, skipped rows, round trips, open positions and the summary", async () => {
    const { stdout, code } = await runCli("analyze", path.join(FIXTURES, "ths.xls"), "--json");
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual([
      "format", "encoding", "fills", "events", "skipped", "roundTrips", "summary", "openPositions", "hk", "unknownOpenings",
      "pendingAllotments", "unreconciled", "feeBasis",
    ]);
    expect(json.format).toBe("ths");
    expect(json.encoding).toBe("gb18030");
    expect(json.skipped).toEqual([{ line: 5, reason: "成交数量不是数字：“1OO”" }]);
    expect(json.roundTrips[1]).toEqual({
      code: "000651", name: "格力电器", openDate: "2024-03-11", closeDate: "2024-03-13", quantity: 500,
      buyAmount: 10000, sellAmount: 9000, fees: 14.69, pnl: -1014.69, holdingDays: 2,
      market: "A", exchange: "SZ", status: "closed", openingUnknown: false, realized: true, dividends: 0, dividendTax: 0, feeBasis: "file",
    });
    expect(json.fills[0]).toMatchObject({ code: "600036", symbol: "600036.SH", market: "A", currency: "CNY", feeBasis: "file", reconciled: true });
    expect(json.summary).toMatchObject({ realizedPnl: 451.33, totalFees: 52.67, roundTrips: 3, wins: 2, losses: 1, maxConsecutiveWins: 1, maxConsecutiveLosses: 1 });
    // ratios as computed, not rounded: 2 wins of 3, average holding (4 + 2 + 8) / 3
    expect(json.summary.winRate).toBe(2 / 3);
    expect(json.summary.avgHoldingDays).toBe(14 / 3);
    expect(json.openPositions).toEqual([]);
    expect(json.hk).toBeNull();
    expect(json.unknownOpenings).toEqual([]);
  }, 60_000);

  it("prints a readable report: rows not read, unknown openings, open positions apart; refuses a binary .xls", async () => {
    const text = await runCli("analyze", path.join(FIXTURES, "haitong.xlsx"));
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^format\s+海通/m);
    expect(text.stdout).toMatch(/^fees\s+read from the file's fee columns$/m);
    expect(text.stdout).toMatch(/^ {2}round trips \(\d+\)$/m);
    expect(text.stdout).toMatch(/^ {2}open positions \(\d+\): not round trips, no P&L until sold$/m);
    expect(text.stdout).toContain("summary (realised trips)");
    expect(text.stdout).not.toContain("港股通");

    const biff = path.join(require("node:os").tmpdir(), `biff-${process.pid}.xls`);
    require("node:fs").writeFileSync(biff, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
    const refused = await runCli("analyze", biff);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/xlsx/);
  }, 60_000);
});

describe("formatAnalysisText", () => {
  const base = {
    time: null, exchange: "SH", market: "A", name: "浦发银行", priceCurrency: "CNY", amountStated: true, currency: "CNY", fxRate: null,
    feesEstimated: false, shareBalance: null, netAmount: null, balance: null, kind: "trade", raw: "",
  } as const;
  const fills: Fill[] = [
    { ...base, line: 2, date: "2024-03-01", code: "600000", side: "buy", quantity: 100, price: 10, amount: 1000, fees: { commission: 0, stampDuty: 0, transferFee: 0, other: 5 }, feeBasis: "derived" },
    { ...base, line: 3, date: "2024-03-04", code: "600000", side: "sell", quantity: 100, price: 11, amount: 1100, fees: null, feeBasis: "schedule" },
    { ...base, line: 4, date: "2024-03-04", code: "000001", exchange: "SZ", name: "平安银行", side: "sell", quantity: 500, price: 10, amount: 5000, fees: null, feeBasis: "schedule" },
    { ...base, line: 5, date: "2024-03-05", code: "00700", exchange: "HK", market: "HK", name: "腾讯控股", priceCurrency: "HKD", fxRate: 0.9, side: "buy", quantity: 100, price: 300, amount: 27000, fees: { commission: 20, stampDuty: 0, transferFee: 0, other: 0 }, feeBasis: "file" },
  ];
  const events: StatementEvent[] = [
    { line: 6, date: "2024-03-01", time: null, kind: "allotment", code: "072988", exchange: "SZ", market: "A", name: "豪美发债", quantity: 10, shareBalance: null, amount: -1000, raw: "配债" },
  ];
  const report: ImportReport = {
    format: "counter_dzd", formatLabel: "券商柜台 对账单", encoding: "gb18030", rowCount: 7, fills, events,
    skipped: [{ line: 7, reason: "成交数量为 0" }], warnings: [], feeBasis: "mixed",
    unreconciled: [{ line: 2, amount: 1000, fees: 5, netAmount: -1005.01, difference: 0.01 }],
  };

  it("shows rows not read, unreconciled rows, unknown openings, pending allotments, 推算/估 fees and 港股通 apart", () => {
    const text = formatAnalysisText("x.csv", report, analyzeStatement(report));
    expect(text).toContain("fees      mixed: read, derived from net cash (推算) or estimated by the fee schedule (估), per fill");
    expect(text).toMatch(/rows not read \(1\)\n {2}line 7: 成交数量为 0/);
    expect(text).toContain("line 2: amount 1000.00, fees 5.00, net cash -1005.01, unexplained 0.01");
    expect(text).toContain("line 4 000001 平安银行 2024-03-04: 500 shares — 卖出 500 股时没有买入记录：导入前已持有，成本未知，不计入已实现盈亏");
    expect(text).toContain("line 6 072988 豪美发债 2024-03-01: 10 shares, paid 1000.00");
    // the A-share trip mixes a derived and an estimated fee: 混
    expect(text).toMatch(/600000 .* closed .*混 +\d+\.\d\d/);
    expect(text).toContain("港股通 (amounts in CNY; apart from the A-share figures)");
    const [aShare, hk] = text.split("港股通 (amounts");
    expect(aShare).not.toContain("00700");
    expect(hk).toMatch(/00700 .*2024-03-05 +100 +27020\.00/);
  });
});
