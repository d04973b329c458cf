import { analyzeStatement } from "@/lib/domain/statements/analysis";
import type { Fill, ImportReport, StatementEvent } from "@/lib/domain/statements/types";
import { fromJsonNumber, jsonNumber, toAnalysisJson } from "./dto";

function fill(line: number, date: string, side: "buy" | "sell", quantity: number, price: number, commission: number | null): Fill {
  return {
    line, date, time: "10:00:00", code: "430047", exchange: "BJ", name: "诺思兰德", side, quantity, price,
    amount: Math.round(price * quantity * 100) / 100,
    fees: commission === null ? null : { commission, stampDuty: 0, transferFee: 0, other: 0 },
    feesEstimated: false, netAmount: null, balance: null, kind: "trade", raw: side === "buy" ? "证券买入" : "证券卖出",
  };
}

const dividend: StatementEvent = {
  line: 9, date: "2024-03-05", time: null, kind: "dividend", code: "430047", exchange: "BJ", name: "诺思兰德",
  quantity: 300, amount: 12.3, raw: "红利入账",
};

function report(fills: Fill[], events: StatementEvent[]): ImportReport {
  return {
    format: "ths", formatLabel: "同花顺 历史交割单", encoding: "gb18030", rowCount: fills.length + events.length + 1,
    fills, events, skipped: [{ line: 7, reason: "成交数量不是数字：“abc”" }], warnings: [],
  };
}

describe("toAnalysisJson", () => {
  it("gives the CLI/API shape with amounts to the fen and the reader's format", () => {
    const fills = [
      fill(2, "2024-03-01", "buy", 300, 7.123, 5),
      fill(3, "2024-03-06", "sell", 300, 8.001, null),
    ];
    const r = report(fills, [dividend]);
    const json = toAnalysisJson(analyzeStatement({ fills: r.fills, events: r.events }), r);
    expect(Object.keys(json)).toEqual(["format", "encoding", "fills", "events", "skipped", "roundTrips", "summary"]);
    expect(json.format).toBe("ths");
    expect(json.encoding).toBe("gb18030");
    expect(json.skipped).toEqual([{ line: 7, reason: "成交数量不是数字：“abc”" }]);
    expect(json.fills[0]).toMatchObject({ line: 2, code: "920047", price: 7.123, amount: 2136.9, feesEstimated: false });
    // sell 2,400.30 estimated: commission 5 (minimum), stamp duty 0.05% = 1.20015 → 1.20, transfer 0.001% = 0.02
    expect(json.fills[1]).toMatchObject({ feesEstimated: true, fees: { commission: 5, stampDuty: 1.2, transferFee: 0.02, other: 0 } });
    expect(json.events).toEqual([{ ...dividend, code: "920047" }]);
    expect(json.roundTrips).toEqual([
      {
        code: "920047", name: "诺思兰德", openDate: "2024-03-01", closeDate: "2024-03-06", quantity: 300,
        // 2,400.30 − 2,136.90 − (5 + 6.22) + 12.30 = 264.48
        buyAmount: 2136.9, sellAmount: 2400.3, fees: 11.22, pnl: 264.48, holdingDays: 3,
      },
    ]);
    expect(json.summary).toEqual({
      realizedPnl: 264.48, totalFees: 11.22, roundTrips: 1, wins: 1, losses: 0, winRate: 1, profitFactor: "Infinity",
      avgHoldingDays: 3, maxConsecutiveWins: 1, maxConsecutiveLosses: 0,
    });
    // survives JSON unchanged
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it("writes NaN for the ratios of a statement without closed trips, and nulls without a report", () => {
    const json = toAnalysisJson(analyzeStatement({ fills: [fill(2, "2024-03-01", "buy", 100, 10, 5)], events: [] }));
    expect(json.format).toBeNull();
    expect(json.encoding).toBeNull();
    expect(json.skipped).toEqual([]);
    expect(json.summary).toMatchObject({ roundTrips: 0, winRate: "NaN", profitFactor: "NaN", avgHoldingDays: "NaN" });
    expect(json.roundTrips[0]).toMatchObject({ closeDate: null, pnl: -1005 });
    // a bare NaN would come back as null
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it("rounds ratios to 4 decimals and names non-finite numbers", () => {
    expect(jsonNumber(2 / 3, 4)).toBe(0.6667);
    expect(jsonNumber(190 / 120, 4)).toBe(1.5833);
    expect(jsonNumber(-Infinity)).toBe("-Infinity");
    expect(jsonNumber(1.005)).toBe(1.01);
    for (const x of [NaN, Infinity, -Infinity, 12.5]) expect(fromJsonNumber(jsonNumber(x))).toBe(x);
  });
});
