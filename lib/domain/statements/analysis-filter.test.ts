import { analyzeStatement } from "./analysis";
import { filterAnalysis } from "./analysis-filter";
import { fill, resetLines } from "./analysis/rows.test-support";

describe("filterAnalysis", () => {
  resetLines();
  const analysis = analyzeStatement({
    fills: [
      // a realised win: 10.00 → 11.00 on 100 shares
      fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10 }),
      fill({ date: "2024-03-04", side: "sell", quantity: 100, price: 11 }),
      // buys 100, sells 500: 400 were held before the file, so the trip's cash (+4,900) is no result
      fill({ code: "000001", exchange: "SZ", name: "平安银行", date: "2024-03-05", side: "buy", quantity: 100, price: 11 }),
      fill({ code: "000001", exchange: "SZ", name: "平安银行", date: "2024-03-06", side: "sell", quantity: 500, price: 12 }),
      // then a realised win on it: 11.00 → 13.00 on 100 shares
      fill({ code: "000001", exchange: "SZ", name: "平安银行", date: "2024-03-07", side: "buy", quantity: 100, price: 11 }),
      fill({ code: "000001", exchange: "SZ", name: "平安银行", date: "2024-03-08", side: "sell", quantity: 100, price: 13 }),
      // 港股通, a realised win too, but not an A-share result
      fill({ code: "00700", exchange: "HK", market: "HK", name: "腾讯控股", priceCurrency: "HKD", date: "2024-03-05", side: "buy", quantity: 100, price: 300, amount: 27000 }),
      fill({ code: "00700", exchange: "HK", market: "HK", name: "腾讯控股", priceCurrency: "HKD", date: "2024-03-06", side: "sell", quantity: 100, price: 320, amount: 28800 }),
      // still held: no result
      fill({ code: "600036", name: "招商银行", date: "2024-03-07", side: "buy", quantity: 100, price: 30 }),
    ],
    events: [],
  });

  it("the statement has a trip of unknown cost that ends with more cash than it began", () => {
    expect(analysis.roundTrips.filter((t) => t.openingUnknown).map((t) => [t.code, t.pnl, t.realized])).toEqual([["000001", 4900, false]]);
  });

  it("keeps only realised trips as winners, with the same figures", () => {
    const wins = filterAnalysis(analysis, { kind: "result", result: "win" });
    const aShareWins = wins.roundTrips.filter((t) => t.market === "A");
    expect(aShareWins.map((t) => [t.code, t.pnl, t.realized])).toEqual([
      ["600000", 100, true],
      ["000001", 200, true],
    ]);
    expect(wins.summary.realizedPnl).toBe(300);
    expect(wins.roundTrips.some((t) => t.code === "600036")).toBe(false);
  });

  it("a year keeps realised trips closed in it, never a trip still held", () => {
    const year = filterAnalysis(analysis, { kind: "year", year: "2024" });
    expect(year.roundTrips.every((t) => t.realized)).toBe(true);
    expect(year.summary.realizedPnl).toBe(300);
  });
});
