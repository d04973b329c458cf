import fc from "fast-check";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import type { Fill, ImportReport, StatementEvent } from "@/lib/domain/statements/types";
import { fromJsonNumber, jsonNumber, toAnalysisJson } from "./dto";

function fill(line: number, date: string, side: "buy" | "sell", quantity: number, price: number, commission: number | null, p: Partial<Fill> = {}): Fill {
  return {
    line, date, time: "10:00:00", code: "430047", exchange: "BJ", market: "A", name: "诺思兰德", side, quantity, price, priceCurrency: "CNY",
    amount: Math.round(price * quantity * 100) / 100, amountStated: true, currency: "CNY", fxRate: null,
    fees: commission === null ? null : { commission, stampDuty: 0, transferFee: 0, other: 0 },
    feeBasis: commission === null ? "schedule" : "file", feesEstimated: false, shareBalance: null,
    netAmount: null, balance: null, kind: "trade", raw: side === "buy" ? "证券买入" : "证券卖出",
    ...p,
  };
}

const dividend: StatementEvent = {
  line: 9, date: "2024-03-05", time: null, kind: "dividend", code: "430047", exchange: "BJ", market: "A", name: "诺思兰德",
  quantity: 300, shareBalance: null, amount: 12.3, raw: "红利入账",
};

function report(fills: Fill[], events: StatementEvent[], extra: Partial<ImportReport> = {}): ImportReport {
  return {
    format: "ths", formatLabel: "同花顺 历史交割单", encoding: "gb18030", rowCount: fills.length + events.length + 1,
    fills, events, skipped: [{ line: 7, reason: "成交数量不是数字：“abc”" }], warnings: [], feeBasis: "mixed", unreconciled: [],
    ...extra,
  };
}

const KEYS = [
  "format", "encoding", "fills", "events", "skipped", "roundTrips", "summary", "openPositions", "hk", "unknownOpenings",
  "pendingAllotments", "unreconciled", "feeBasis",
];

describe("toAnalysisJson", () => {
  it("gives the CLI/API shape with amounts to the fen and the reader's format", () => {
    const fills = [
      fill(2, "2024-03-01", "buy", 300, 7.123, 5),
      fill(3, "2024-03-06", "sell", 300, 8.001, null),
    ];
    const r = report(fills, [dividend]);
    const json = toAnalysisJson(analyzeStatement({ fills: r.fills, events: r.events }), r);
    expect(Object.keys(json)).toEqual(KEYS);
    expect(json.format).toBe("ths");
    expect(json.encoding).toBe("gb18030");
    expect(json.feeBasis).toBe("mixed");
    expect(json.skipped).toEqual([{ line: 7, reason: "成交数量不是数字：“abc”" }]);
    expect(json.fills[0]).toMatchObject({
      line: 2, code: "920047", symbol: "920047.BJ", market: "A", currency: "CNY", priceCurrency: "CNY", fxRate: null, price: 7.123,
      amount: 2136.9, amountStated: true, feeBasis: "file", feeTotal: 5, feesEstimated: false, reconciled: null,
    });
    // sell 2,400.30 estimated: commission 5 (minimum), stamp duty 0.05% = 1.20015 → 1.20, transfer 0.001% = 0.02
    expect(json.fills[1]).toMatchObject({ feesEstimated: true, feeBasis: "schedule", feeTotal: 6.22, fees: { commission: 5, stampDuty: 1.2, transferFee: 0.02, other: 0 } });
    expect(json.events).toEqual([{ ...dividend, code: "920047" }]);
    expect(json.roundTrips).toEqual([
      {
        code: "920047", name: "诺思兰德", openDate: "2024-03-01", closeDate: "2024-03-06", quantity: 300,
        // 2,400.30 − 2,136.90 − (5 + 6.22) + 12.30 = 264.48
        buyAmount: 2136.9, sellAmount: 2400.3, fees: 11.22, pnl: 264.48, holdingDays: 3,
        market: "A", exchange: "BJ", status: "closed", openingUnknown: false, realized: true, dividends: 12.3, dividendTax: 0, feeBasis: "mixed",
      },
    ]);
    expect(json.summary).toEqual({
      realizedPnl: 264.48, totalFees: 11.22, roundTrips: 1, wins: 1, losses: 0, winRate: 1, profitFactor: "Infinity",
      avgHoldingDays: 3, maxConsecutiveWins: 1, maxConsecutiveLosses: 0, avgWin: 264.48, avgLoss: "NaN", turnover: 4537.2, openPositions: 0,
    });
    expect(json.hk).toBeNull();
    // survives JSON unchanged
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it("lists an open position apart with no P&L, writes NaN ratios, and nulls without a report", () => {
    const json = toAnalysisJson(analyzeStatement({ fills: [fill(2, "2024-03-01", "buy", 100, 10, 5)], events: [] }));
    expect(json.format).toBeNull();
    expect(json.encoding).toBeNull();
    expect(json.feeBasis).toBeNull();
    expect(json.skipped).toEqual([]);
    expect(json.unreconciled).toEqual([]);
    expect(json.summary).toMatchObject({ roundTrips: 0, openPositions: 1, winRate: "NaN", profitFactor: "NaN", avgHoldingDays: "NaN" });
    // never a trip with a "P&L" of minus its cost (−1,005)
    expect(json.roundTrips).toEqual([]);
    expect(json.openPositions).toEqual([
      { code: "920047", name: "诺思兰德", market: "A", exchange: "BJ", quantity: 100, cost: 1005, openDate: "2024-03-01", status: "open", pnl: null, openingUnknown: false },
    ]);
    // a bare NaN would come back as null
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it("writes the ratios unrounded", () => {
    const fills = [
      fill(2, "2024-03-01", "buy", 100, 10, 0), fill(3, "2024-03-04", "sell", 100, 12, 0), // +200, 1 day
      fill(4, "2024-03-05", "buy", 100, 10, 0), fill(5, "2024-03-06", "sell", 100, 9, 0), // −100, 1 day
      fill(6, "2024-03-07", "buy", 100, 10, 0), fill(7, "2024-03-11", "sell", 100, 9.7, 0), // −30, 2 days
    ];
    const json = toAnalysisJson(analyzeStatement({ fills, events: [] }));
    expect(json.summary.winRate).toBe(1 / 3);
    expect(json.summary.profitFactor).toBe(200 / 130);
    expect(json.summary.avgHoldingDays).toBe(4 / 3);
  });

  it("gives a trip with shares of unknown cost no P&L, and a position of unknown cost no cost", () => {
    const fills = [
      fill(2, "2024-03-01", "buy", 100, 10, 5),
      fill(3, "2024-03-04", "sell", 300, 11, 5), // 200 held before the file
      fill(4, "2024-03-05", "sell", 100, 11, 5, { code: "600000", exchange: "SH", name: "浦发银行", shareBalance: 400 }),
    ];
    const json = toAnalysisJson(analyzeStatement({ fills, events: [] }));
    expect(json.roundTrips).toEqual([expect.objectContaining({ code: "920047", status: "closed", openingUnknown: true, realized: false, pnl: null })]);
    expect(json.openPositions).toEqual([
      { code: "600000", name: "浦发银行", market: "A", exchange: "SH", quantity: 400, cost: null, openDate: "2024-03-05", status: "open", pnl: null, openingUnknown: true },
    ]);
    expect(json.unknownOpenings.map((u) => [u.code, u.quantity, u.line])).toEqual([["920047", 200, 3], ["600000", 500, 4]]);
    expect(json.summary).toMatchObject({ realizedPnl: 0, roundTrips: 0 });
  });

  it("puts 港股通 apart with its label, currency, trips, positions and summary", () => {
    const hk = (line: number, date: string, side: "buy" | "sell", quantity: number, price: number, amount: number) =>
      fill(line, date, side, quantity, price, 20, { code: "00700", exchange: "HK", market: "HK", name: "腾讯控股", priceCurrency: "HKD", fxRate: 0.91, amount });
    const fills = [
      hk(2, "2024-03-01", "buy", 100, 300, 27300), hk(3, "2024-03-04", "sell", 100, 320, 29120), hk(4, "2024-03-05", "buy", 100, 310, 28210),
      fill(5, "2024-03-01", "buy", 100, 10, 5),
    ];
    const json = toAnalysisJson(analyzeStatement({ fills, events: [] }));
    expect(json.fills[0]).toMatchObject({ code: "00700", symbol: "00700.HK", market: "HK", priceCurrency: "HKD", currency: "CNY", fxRate: 0.91 });
    expect(json.roundTrips).toEqual([]);
    expect(json.summary).toMatchObject({ realizedPnl: 0, turnover: 1000, totalFees: 5, openPositions: 1 });
    expect(json.hk).toMatchObject({ label: "港股通", currency: "CNY" });
    // 29,120 − 27,300 − 40
    expect(json.hk!.roundTrips).toEqual([expect.objectContaining({ code: "00700", market: "HK", pnl: 1780, realized: true })]);
    expect(json.hk!.openPositions).toEqual([expect.objectContaining({ code: "00700", quantity: 100, cost: 28230, pnl: null })]);
    expect(json.hk!.summary).toMatchObject({ realizedPnl: 1780, roundTrips: 1, wins: 1, turnover: 84630, totalFees: 60, openPositions: 1 });
  });

  it("says whether each fill's amount, fees and net cash add up, and passes the reader's unreconciled rows", () => {
    const fills = [
      fill(2, "2024-03-01", "buy", 100, 10, 5, { netAmount: -1005 }),
      fill(3, "2024-03-04", "sell", 100, 11, 5, { netAmount: 1095.01 }),
      fill(4, "2024-03-05", "buy", 100, 10, null, { netAmount: -1005 }),
    ];
    const unreconciled = [{ line: 3, amount: 1100, fees: 5, netAmount: 1095.01, difference: 0.01 }];
    const r = report(fills, [], { unreconciled, feeBasis: "file" });
    const json = toAnalysisJson(analyzeStatement(r), r);
    expect(json.fills.map((f) => f.reconciled)).toEqual([true, false, null]);
    expect(json.unreconciled).toEqual(unreconciled);
    expect(json.feeBasis).toBe("file");
  });

  it("never writes a P&L for a trip that is not realised nor for an open position (property)", () => {
    const opArb = fc.record({ side: fc.constantFrom<"buy" | "sell">("buy", "sell"), lots: fc.integer({ min: 1, max: 5 }), price: fc.integer({ min: 100, max: 3000 }), stock: fc.integer({ min: 0, max: 2 }) });
    const stocks = [
      { code: "600000", exchange: "SH", market: "A", name: "浦发银行" },
      { code: "000001", exchange: "SZ", market: "A", name: "平安银行" },
      { code: "00700", exchange: "HK", market: "HK", name: "腾讯控股" },
    ] as const;
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        const fills = ops.map((op, i) =>
          fill(i + 2, `2024-03-${String(1 + Math.floor(i / 3)).padStart(2, "0")}`, op.side, op.lots * 100, op.price / 100, 1, stocks[op.stock]),
        );
        const analysis = analyzeStatement({ fills, events: [] });
        const json = toAnalysisJson(analysis);
        const all = [...json.roundTrips, ...(json.hk?.roundTrips ?? [])];
        for (const t of all) {
          expect(t.status).not.toBe("open");
          expect(t.pnl === null).toBe(!t.realized);
        }
        expect(json.roundTrips.every((t) => t.market === "A") && (json.hk?.roundTrips ?? []).every((t) => t.market === "HK")).toBe(true);
        for (const p of [...json.openPositions, ...(json.hk?.openPositions ?? [])]) expect(p.pnl).toBeNull();
        const realized = json.roundTrips.filter((t) => t.realized).reduce((s, t) => s + Math.round(t.pnl! * 100), 0);
        expect(Math.round(json.summary.realizedPnl * 100)).toBe(realized);
      }),
    );
  });

  it("rounds to the digits asked, or not at all, and names non-finite numbers", () => {
    expect(jsonNumber(2 / 3, 4)).toBe(0.6667);
    expect(jsonNumber(2 / 3, null)).toBe(2 / 3);
    expect(jsonNumber(-Infinity)).toBe("-Infinity");
    expect(jsonNumber(1.005)).toBe(1.01);
    for (const x of [NaN, Infinity, -Infinity, 12.5]) expect(fromJsonNumber(jsonNumber(x))).toBe(x);
  });
});
