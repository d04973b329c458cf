import { createCalendar } from "@/lib/domain/market/calendar";
import type { DailyBar } from "@/lib/domain/market/types";
import type { Fill } from "@/lib/domain/statements/types";
import { analyzeStatement } from "./index";
import { event, fees, fill, resetLines } from "./rows.test-support";

beforeEach(resetLines);

describe("round trips", () => {
  it("opens at the first buy, closes when the position is flat, and nets every fee", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-01", side: "buy", quantity: 1000, price: 10, fees: fees(5, 0, 0.1) }),
        fill({ date: "2024-03-05", side: "sell", quantity: 1000, price: 10.5, fees: fees(5, 5.25, 0.11) }),
      ],
      events: [],
    });
    expect(a.roundTrips).toHaveLength(1);
    const t = a.roundTrips[0]!;
    // buy 10.00 × 1000 = 10,000.00; sell 10.50 × 1000 = 10,500.00; fees 5 + 0.10 + 5 + 5.25 + 0.11 = 15.46
    expect(t).toMatchObject({ openDate: "2024-03-01", closeDate: "2024-03-05", quantity: 1000 });
    expect(t.buyAmount).toBe(10000);
    expect(t.sellAmount).toBe(10500);
    expect(t.fees).toBe(15.46);
    // 10,500 − 10,000 − 15.46 = 484.54
    expect(t.pnl).toBe(484.54);
    // Fri 03-01 → Tue 03-05: trading days after the open up to the close are 03-04 and 03-05
    expect(t.holdingDays).toBe(2);
    expect(t.fillIndexes).toEqual([0, 1]);
    expect(a.summary).toMatchObject({ realizedPnl: 484.54, totalFees: 15.46, roundTrips: 1, wins: 1, losses: 0, turnover: 20500 });
  });

  it("estimates missing fees by trade date and marks fills and trip", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-01", side: "buy", quantity: 1000, price: 10, fees: null }),
        fill({ date: "2024-03-04", side: "sell", quantity: 1000, price: 11, fees: null }),
      ],
      events: [],
    });
    // buy 10,000: commission max(5, 2.50) = 5, no stamp duty, transfer 0.001% = 0.10 → 5.10
    expect(a.fills[0]!.fees).toEqual(fees(5, 0, 0.1));
    expect(a.fills[0]!.feeTotal).toBe(5.1);
    // sell 11,000: commission max(5, 2.75) = 5, stamp 0.05% = 5.50, transfer 0.11 → 10.61
    expect(a.fills[1]!.fees).toEqual(fees(5, 5.5, 0.11));
    expect(a.fills.every((f) => f.feesEstimated)).toBe(true);
    const t = a.roundTrips[0]!;
    expect(t.feesEstimated).toBe(true);
    expect(t.fees).toBe(15.71);
    // 11,000 − 10,000 − 15.71
    expect(t.pnl).toBe(984.29);
  });

  it("uses the stamp duty of the trade date (0.1% before 2023-08-28)", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2023-08-24", side: "buy", quantity: 1000, price: 11, fees: fees(5) }),
        fill({ date: "2023-08-25", side: "sell", quantity: 1000, price: 11, fees: null }),
      ],
      events: [],
    });
    // 11,000 × 0.1% = 11.00
    expect(a.fills[1]!.fees.stampDuty).toBe(11);
    expect(a.roundTrips[0]!.feesEstimated).toBe(true);
  });

  it("keeps read fees as they are and the trip unestimated", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10, fees: fees(0.17, 0, 0.01, 0.02) }),
        fill({ date: "2024-03-04", side: "sell", quantity: 100, price: 10, fees: fees(0.17, 0.5, 0.01) }),
      ],
      events: [],
    });
    expect(a.roundTrips[0]!.feesEstimated).toBe(false);
    // 0.17 + 0.01 + 0.02 + 0.17 + 0.50 + 0.01 = 0.88 (summed in fen, no float drift)
    expect(a.roundTrips[0]!.fees).toBe(0.88);
    expect(a.roundTrips[0]!.pnl).toBe(-0.88);
  });

  it("sums the file's stated amounts, not the rounded average price × quantity", () => {
    const a = analyzeStatement({
      fills: [
        // 成交均价 10.005 is rounded: the file states 成交金额 10,004.87 for 1000 shares (10.00487 each)
        fill({ date: "2024-03-01", side: "buy", quantity: 1000, price: 10.005, amount: 10004.87, fees: fees(5) }),
        fill({ date: "2024-03-04", side: "sell", quantity: 400, price: 10.512, amount: 4204.61, fees: fees(5) }),
        fill({ date: "2024-03-05", side: "sell", quantity: 600, price: 10.512, amount: 6307.33, fees: fees(5) }),
      ],
      events: [],
    });
    const t = a.roundTrips[0]!;
    // price × quantity would give 10,005.00 and 10,512.00
    expect(t.buyAmount).toBe(10004.87);
    // 4,204.61 + 6,307.33 = 10,511.94
    expect(t.sellAmount).toBe(10511.94);
    // 10,511.94 − 10,004.87 − 15 = 492.07
    expect(t.pnl).toBe(492.07);
    expect(a.summary).toMatchObject({ realizedPnl: 492.07, turnover: 20516.81 });
  });

  it("adds to a trip across partial sells and keeps FIFO cost of what is still held", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-01", side: "buy", quantity: 200, price: 10, fees: fees(5) }),
        fill({ date: "2024-03-04", side: "buy", quantity: 100, price: 12, fees: fees(5) }),
        fill({ date: "2024-03-05", side: "sell", quantity: 250, price: 13, fees: fees(5) }),
      ],
      events: [],
    });
    expect(a.roundTrips).toHaveLength(1);
    const t = a.roundTrips[0]!;
    expect(t).toMatchObject({ closeDate: null, status: "open", realized: false, openingUnknown: false });
    expect(t.quantity).toBe(300);
    // cash so far (not a result): 3,250 − (2,000 + 1,200) − 15 = 35
    expect(t.pnl).toBe(35);
    // lots 200 @ 2,005 and 100 @ 1,205; the sell takes 200 + 50 → 50 left costing 1,205 × 50/100 = 602.50
    expect(a.openPositions).toEqual([
      {
        code: "600000", exchange: "SH", market: "A", name: "浦发银行", quantity: 50, cost: 602.5, unknownQuantity: 0,
        openingUnknown: false, openDate: "2024-03-01", roundTrip: 0,
      },
    ]);
    expect(a.summary.openPositions).toBe(1);
    expect(a.summary.roundTrips).toBe(0);
    expect(a.summary.winRate).toBeNaN();
    expect(a.summary.realizedPnl).toBe(0);
    // open trip held to the last fill date: 03-01 → 03-05 is 2 trading days
    expect(t.holdingDays).toBe(2);
  });

  it("holds an open trip up to asOf", () => {
    const a = analyzeStatement(
      { fills: [fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10 })], events: [] },
      { asOf: "2024-03-11" },
    );
    // 03-04 … 03-08 and 03-11
    expect(a.roundTrips[0]!.holdingDays).toBe(6);
  });

  it("closes and reopens: a second trip starts when the position leaves zero again", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10 }),
        fill({ date: "2024-03-04", side: "sell", quantity: 100, price: 11 }),
        fill({ date: "2024-03-04", side: "buy", quantity: 100, price: 10.5 }),
        fill({ date: "2024-03-06", side: "sell", quantity: 100, price: 10 }),
      ],
      events: [],
    });
    expect(a.roundTrips.map((t) => [t.openDate, t.closeDate, t.pnl])).toEqual([
      ["2024-03-01", "2024-03-04", 100],
      ["2024-03-04", "2024-03-06", -50],
    ]);
    expect(a.fills.map((f) => f.roundTrip)).toEqual([0, 0, 1, 1]);
  });

  it("counts an IPO fill as a buy at the issue price and not as an entry style", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-01", side: "buy", quantity: 500, price: 18.88, kind: "ipo", raw: "新股入帐", fees: fees(0) }),
        fill({ date: "2024-03-08", side: "sell", quantity: 500, price: 40, fees: fees(5, 10, 0.2) }),
      ],
      events: [],
    });
    // 20,000 − 9,440 − 15.20
    expect(a.roundTrips[0]!.pnl).toBe(10544.8);
    expect(a.fills[0]!.style).toBeNull();
    expect(Object.values(a.style.entries).reduce((s, x) => s + x, 0)).toBe(0);
  });

  it("treats an old Beijing code and its 920 code as one stock", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2025-09-30", side: "buy", quantity: 100, price: 20, code: "838163", exchange: "BJ", name: "方大新材" }),
        fill({ date: "2025-10-09", side: "sell", quantity: 100, price: 21, code: "920163", exchange: "BJ", name: "方大新材" }),
      ],
      events: [],
    });
    expect(a.roundTrips).toHaveLength(1);
    expect(a.roundTrips[0]).toMatchObject({ code: "920163", closeDate: "2025-10-09", pnl: 100 });
    expect(a.fills[0]).toMatchObject({ code: "920163", originalCode: "838163", board: "bj" });
    expect(a.unmatched).toEqual([]);
  });
});

describe("share events and dividends", () => {
  it("bonus shares enter at zero cost and count in the trip quantity", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-06-03", side: "buy", quantity: 1000, price: 10, fees: fees(5) }),
        fill({ date: "2024-06-12", side: "sell", quantity: 1300, price: 8, fees: fees(5) }),
      ],
      events: [event({ date: "2024-06-11", kind: "bonus_shares", quantity: 300, raw: "红股入账" })],
    });
    const t = a.roundTrips[0]!;
    expect(t.quantity).toBe(1300);
    // 1,300 × 8 − 1,000 × 10 − 10 = 390
    expect(t.pnl).toBe(390);
    expect(t.closeDate).toBe("2024-06-12");
    expect(a.unmatched).toEqual([]);
  });

  it("a bonus share event on the day of a sell is booked before the sell", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-06-03", side: "buy", quantity: 1000, price: 10 }),
        fill({ date: "2024-06-11", side: "sell", quantity: 1300, price: 8 }),
      ],
      events: [event({ date: "2024-06-11", kind: "bonus_shares", quantity: 300 })],
    });
    expect(a.roundTrips[0]!.closeDate).toBe("2024-06-11");
    expect(a.unmatched).toEqual([]);
  });

  it("counts dividends inside the holding period and the tax booked after the sale, and lists the rest", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-06-03", side: "buy", quantity: 1000, price: 10 }),
        fill({ date: "2024-07-01", side: "sell", quantity: 1000, price: 10 }),
      ],
      events: [
        event({ date: "2024-06-20", kind: "dividend", quantity: 1000, amount: 200, raw: "红利入账" }),
        event({ date: "2024-07-01", kind: "dividend_tax", amount: -10, raw: "股息红利差异扣税" }),
        event({ date: "2024-07-02", kind: "dividend_tax", amount: -20, raw: "股息红利差异扣税" }),
        event({ date: "2024-06-20", kind: "dividend", code: "000001", exchange: "SZ", amount: 50, raw: "红利入账" }),
      ],
    });
    const t = a.roundTrips[0]!;
    expect(t.dividends).toBe(200);
    // the tax of 07-02 is deducted the day after the sale: it belongs to the trip that received the dividend
    expect(t.dividendTax).toBe(30);
    // 10,000 − 10,000 − 0 + 200 − 30
    expect(t.pnl).toBe(170);
    expect(a.summary.realizedPnl).toBe(170);
    expect(a.unmatched.map((u) => [u.date, u.code, u.reason])).toEqual([
      ["2024-06-20", "000001", "红利入账 50.00 元不在该股任何持仓期内：未计入回合盈亏"],
    ]);
  });

  it("a dividend on the day one trip closes and the next opens goes to the earlier trip", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-06-03", side: "buy", quantity: 100, price: 10 }),
        fill({ date: "2024-06-04", side: "sell", quantity: 100, price: 10 }),
        fill({ date: "2024-06-04", side: "buy", quantity: 100, price: 10 }),
      ],
      events: [event({ date: "2024-06-04", kind: "dividend", amount: 30 })],
    });
    expect(a.roundTrips.map((t) => t.dividends)).toEqual([30, 0]);
  });

  it("shares transferred in join an open position at unknown cost: the trip is left out of realised P&L", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-06-03", side: "buy", quantity: 100, price: 10 }),
        fill({ date: "2024-06-05", side: "sell", quantity: 300, price: 10 }),
      ],
      events: [event({ date: "2024-06-04", kind: "shares_in", quantity: 200, raw: "股份转入" })],
    });
    expect(a.roundTrips[0]).toMatchObject({
      quantity: 300, closeDate: "2024-06-05", status: "closed", openingUnknown: true, realized: false, pnl: 2000,
    });
    expect(a.unknownOpenings).toEqual([
      { code: "600000", exchange: "SH", market: "A", name: "浦发银行", quantity: 200, line: 3, date: "2024-06-04", reason: "股份转入 200 股：成本未知，该回合不计入已实现盈亏" },
    ]);
    expect(a.summary).toMatchObject({ realizedPnl: 0, roundTrips: 0, wins: 0 });
    expect(a.perStock[0]).toMatchObject({ code: "600000", roundTrips: 0, pnl: 0 });
  });

  it("shares arriving while nothing is held open a trip of unknown cost that a later sell closes", () => {
    const a = analyzeStatement({
      fills: [fill({ date: "2024-06-05", side: "sell", quantity: 200, price: 10, fees: fees(5) })],
      events: [event({ date: "2024-06-04", kind: "shares_in", quantity: 200, raw: "托管转入" })],
    });
    expect(a.roundTrips).toHaveLength(1);
    expect(a.roundTrips[0]).toMatchObject({ openDate: "2024-06-04", closeDate: "2024-06-05", openingUnknown: true, realized: false, sellAmount: 2000 });
    expect(a.unknownOpenings.map((u) => [u.line, u.quantity, u.reason])).toEqual([[2, 200, "托管转入 200 股：成本未知，该回合不计入已实现盈亏"]]);
    expect(a.fills[0]).toMatchObject({ roundTrip: 0, unmatchedQuantity: 0 });
    expect(a.summary).toMatchObject({ realizedPnl: 0, totalFees: 5, roundTrips: 0 });
  });

  it("a transfer out closes the trip as transferred: no fake loss, out of realised P&L", () => {
    const a = analyzeStatement({
      fills: [fill({ date: "2024-06-03", side: "buy", quantity: 100, price: 10 })],
      events: [event({ date: "2024-06-10", kind: "shares_out", quantity: 100, raw: "托管转出" })],
    });
    expect(a.roundTrips[0]).toMatchObject({ closeDate: "2024-06-10", sellAmount: 0, status: "transferred", realized: false, openingUnknown: false });
    expect(a.unmatched.map((u) => u.reason)).toEqual(["托管转出 100 股没有卖出价格：该回合记为已转出，不计入已实现盈亏"]);
    expect(a.openPositions).toEqual([]);
    expect(a.summary).toMatchObject({ realizedPnl: 0, roundTrips: 0, losses: 0, openPositions: 0 });
    expect(a.perStock[0]).toMatchObject({ roundTrips: 0, pnl: 0 });
  });
});

describe("sells beyond the position", () => {
  it("a sell of more than held: the rest was held before the file, the trip is not realised", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10, fees: fees(5) }),
        fill({ date: "2024-03-04", side: "sell", quantity: 300, price: 11, fees: fees(5) }),
      ],
      events: [],
    });
    const t = a.roundTrips[0]!;
    // the whole sell is in the trip; its pnl is cash, never a result: 3,300 − 1,000 − 10
    expect(t).toMatchObject({ quantity: 300, sellAmount: 3300, fees: 10, pnl: 2290, closeDate: "2024-03-04", status: "closed", openingUnknown: true, realized: false });
    expect(a.unknownOpenings).toEqual([
      {
        code: "600000", exchange: "SH", market: "A", name: "浦发银行", quantity: 200, line: 2, date: "2024-03-04",
        reason: "卖出 300 股多于持仓 100 股：其余 200 股导入前已持有，成本未知，该回合不计入已实现盈亏",
      },
    ]);
    expect(a.unmatched).toEqual([]);
    expect(a.fills[1]).toMatchObject({ roundTrip: 0, unmatchedQuantity: 0 });
    expect(a.summary).toMatchObject({ realizedPnl: 0, roundTrips: 0, wins: 0, totalFees: 10, turnover: 4300 });
    expect(a.summary.winRate).toBeNaN();
    expect(a.openPositions).toEqual([]);
  });

  it("a sell while nothing is held makes no trip and is listed", () => {
    const a = analyzeStatement({
      fills: [fill({ date: "2024-03-04", side: "sell", quantity: 1000, price: 11, fees: fees(5) })],
      events: [],
    });
    expect(a.roundTrips).toEqual([]);
    expect(a.fills[0]).toMatchObject({ roundTrip: null, unmatchedQuantity: 1000 });
    expect(a.unknownOpenings.map((u) => [u.quantity, u.reason])).toEqual([[1000, "卖出 1000 股时没有买入记录：导入前已持有，成本未知，不计入已实现盈亏"]]);
    // the fee and amount still count as paid and traded
    expect(a.summary).toMatchObject({ realizedPnl: 0, totalFees: 5, turnover: 11000, roundTrips: 0, openPositions: 0 });
  });
});

describe("summary", () => {
  // one trip per entry: buy 100 at 10 on day 2k, sell 100 at 10 + pnl/100 on day 2k+1 (no fees)
  function trips(pnls: number[]) {
    const days = createCalendar().tradingDays("2024-01-02", "2024-12-31");
    const fills: Fill[] = [];
    pnls.forEach((pnl, k) => {
      fills.push(fill({ date: days[2 * k]!, side: "buy", quantity: 100, price: 10 }));
      fills.push(fill({ date: days[2 * k + 1]!, side: "sell", quantity: 100, price: 10 + pnl / 100 }));
    });
    return analyzeStatement({ fills, events: [] });
  }

  it("computes win rate, profit factor, averages and streaks over closed trips", () => {
    const s = trips([100, 50, 0, 30, -20, -40, -60, 10]).summary;
    expect(s).toMatchObject({ roundTrips: 8, wins: 4, losses: 3, realizedPnl: 70, maxConsecutiveWins: 2, maxConsecutiveLosses: 3 });
    expect(s.winRate).toBe(0.5);
    // won 190, lost 120
    expect(s.profitFactor).toBeCloseTo(190 / 120, 12);
    expect(s.avgWin).toBe(47.5);
    expect(s.avgLoss).toBe(-40);
    expect(s.avgHoldingDays).toBe(1);
  });

  it("a zero trip breaks a winning streak", () => {
    expect(trips([10, 10, 0, 10, 10]).summary.maxConsecutiveWins).toBe(2);
    expect(trips([10, 10, 10, 10]).summary.maxConsecutiveWins).toBe(4);
  });

  it("profit factor is Infinity with wins and no loss, NaN with neither", () => {
    expect(trips([10]).summary.profitFactor).toBe(Infinity);
    expect(trips([0]).summary.profitFactor).toBeNaN();
    expect(trips([0]).summary.winRate).toBe(0);
    expect(trips([0]).summary.avgWin).toBeNaN();
    expect(trips([-10]).summary.profitFactor).toBe(0);
    expect(trips([]).summary.avgHoldingDays).toBeNaN();
  });

  it("orders trips closed on the same date by open date for streaks", () => {
    const a = analyzeStatement({
      fills: [
        // W0: win closed 01-09
        fill({ date: "2024-01-02", side: "buy", quantity: 100, price: 10, code: "600001" }),
        fill({ date: "2024-01-09", side: "sell", quantity: 100, price: 11, code: "600001" }),
        // A: opened 01-02, win, closed 01-10
        fill({ date: "2024-01-02", side: "buy", quantity: 100, price: 10, code: "600000" }),
        // B: opened 01-03, loss, closed 01-10; its code sorts first so its sell is earlier in the fills
        fill({ date: "2024-01-03", side: "buy", quantity: 100, price: 10, code: "000001", exchange: "SZ" }),
        fill({ date: "2024-01-10", side: "sell", quantity: 100, price: 9, code: "000001", exchange: "SZ" }),
        fill({ date: "2024-01-10", side: "sell", quantity: 100, price: 11, code: "600000" }),
      ],
      events: [],
    });
    const sellCodes = a.fills.filter((f) => f.date === "2024-01-10").map((f) => f.code);
    expect(sellCodes).toEqual(["000001", "600000"]);
    // close order W0, A, B → two wins in a row
    expect(a.summary.maxConsecutiveWins).toBe(2);
    expect(a.equityCurve).toEqual([
      { date: "2024-01-09", cumulativePnl: 100 },
      { date: "2024-01-10", cumulativePnl: 100 },
    ]);
  });
});

describe("views", () => {
  it("fills monthly, per-stock, holding and board tables from the closed trips", () => {
    const a = analyzeStatement({
      fills: [
        // 600000: same-day trip, +100 (holding 0, 当日), closes March
        fill({ date: "2024-03-04", side: "buy", quantity: 100, price: 10, fees: fees(1) }),
        fill({ date: "2024-03-04", side: "sell", quantity: 100, price: 11.01, fees: fees(1) }),
        // 300750: 03-04 → 04-02 is 21 trading days (20天以上), −200, closes April
        fill({ date: "2024-03-04", side: "buy", quantity: 100, price: 20, code: "300750", exchange: "SZ", name: "宁德时代" }),
        fill({ date: "2024-04-02", side: "sell", quantity: 100, price: 18, code: "300750", exchange: "SZ", name: "宁德时代" }),
        // 600000 again: 03-05 → 03-07, 2 trading days (2–3天), +50, closes March
        fill({ date: "2024-03-05", side: "buy", quantity: 100, price: 10 }),
        fill({ date: "2024-03-07", side: "sell", quantity: 100, price: 10.5 }),
      ],
      events: [],
    });
    expect(a.roundTrips.map((t) => [t.code, t.holdingDays, t.pnl])).toEqual([
      ["300750", 21, -200],
      ["600000", 0, 99],
      ["600000", 2, 50],
    ]);
    expect(a.monthly).toEqual([
      { month: "2024-03", pnl: 149, roundTrips: 2, wins: 2 },
      { month: "2024-04", pnl: -200, roundTrips: 1, wins: 0 },
    ]);
    expect(a.perStock).toEqual([
      { code: "600000", name: "浦发银行", roundTrips: 2, wins: 2, pnl: 149, fees: 2, turnover: 4151 },
      { code: "300750", name: "宁德时代", roundTrips: 1, wins: 0, pnl: -200, fees: 0, turnover: 3800 },
    ]);
    expect(a.holding).toEqual([
      { label: "当日", count: 1, pnl: 99 },
      { label: "1天", count: 0, pnl: 0 },
      { label: "2–3天", count: 1, pnl: 50 },
      { label: "4–5天", count: 0, pnl: 0 },
      { label: "6–10天", count: 0, pnl: 0 },
      { label: "11–20天", count: 0, pnl: 0 },
      { label: "20天以上", count: 1, pnl: -200 },
    ]);
    expect(a.style.boards.find((b) => b.board === "main")).toEqual({ board: "main", label: "主板", roundTrips: 2, wins: 2, pnl: 149, buys: 2 });
    expect(a.style.boards.find((b) => b.board === "gem")).toEqual({ board: "gem", label: "创业板", roundTrips: 1, wins: 0, pnl: -200, buys: 1 });
    expect(a.equityCurve).toEqual([
      { date: "2024-03-04", cumulativePnl: 99 },
      { date: "2024-03-07", cumulativePnl: 149 },
      { date: "2024-04-02", cumulativePnl: -51 },
    ]);
    expect(a.summary.avgHoldingDays).toBe(23 / 3); // (0 + 21 + 2) / 3, not rounded
  });

  it("uses the names option for display names", () => {
    const a = analyzeStatement(
      {
        fills: [
          fill({ date: "2024-03-04", side: "buy", quantity: 100, price: 10, name: "ST浦发" }),
          fill({ date: "2024-03-05", side: "sell", quantity: 50, price: 10, name: "浦发银行" }),
        ],
        events: [],
      },
      { names: (code) => (code === "600000" ? "浦发银行(新)" : undefined) },
    );
    expect(a.roundTrips[0]!.name).toBe("浦发银行(新)");
    expect(a.openPositions[0]!.name).toBe("浦发银行(新)");
  });

  it("holding days follow the calendar given (days with bars)", () => {
    const calendar = createCalendar(["2024-03-01", "2024-03-04", "2024-03-06"]); // 03-05 has no bars
    const a = analyzeStatement(
      {
        fills: [
          fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10 }),
          fill({ date: "2024-03-06", side: "sell", quantity: 100, price: 10 }),
        ],
        events: [],
      },
      { calendar },
    );
    expect(a.roundTrips[0]!.holdingDays).toBe(2);
  });
});

describe("style", () => {
  const bar = (code: string, date: string, close: number): DailyBar => ({
    code, date, open: close, high: close, low: close, close, volume: 1, amount: null,
  });
  const bars: Record<string, DailyBar[]> = {
    // 03-04 is suspended for 600000: the previous close of a 03-05 buy is the 03-01 close
    "600000": [bar("600000", "2024-02-29", 9), bar("600000", "2024-03-01", 10), bar("600000", "2024-03-05", 10.9)],
    "600001": [bar("600001", "2024-03-01", 10)],
    "300001": [bar("300001", "2024-03-01", 10)],
  };

  function buyAt(price: number, code = "600000", name = "浦发银行", time: string | null = "10:30:00") {
    return fill({ date: "2024-03-05", side: "buy", quantity: 100, price, code, name, time, exchange: code.startsWith("6") ? "SH" : "SZ" });
  }
  function styleAt(...args: Parameters<typeof buyAt>) {
    const a = analyzeStatement({ fills: [buyAt(...args)], events: [] }, { bars: (code) => bars[code] });
    return a.fills[0]!.style;
  }

  it("tags buys against the previous close", () => {
    // previous close 10.00: main-board limit up 11.00
    expect(styleAt(11)).toBe("打板");
    expect(styleAt(10.99)).toBe("追涨");
    expect(styleAt(10.5)).toBe("追涨"); // +5% exactly
    expect(styleAt(10.49)).toBe("半路");
    expect(styleAt(10.2)).toBe("半路"); // +2% exactly (10.2 − 10 is 0.19999… in floats)
    expect(styleAt(10.19)).toBe("低吸");
    expect(styleAt(9.5)).toBe("低吸");
    // ST main board before 2026-07-06: ±5%, limit 10.50
    expect(styleAt(10.5, "600001", "ST浦发")).toBe("打板");
    // 创业板 ±20%: 11.00 is 追涨, 12.00 打板
    expect(styleAt(11, "300001", "某创业")).toBe("追涨");
    expect(styleAt(12, "300001", "某创业")).toBe("打板");
    // no bars
    expect(styleAt(11, "600002", "某股")).toBe("未知");
  });

  it("records the previous close on buys and counts entries, time of day and boards", () => {
    const a = analyzeStatement(
      {
        fills: [
          buyAt(11, "600000", "浦发银行", "09:25:00"),
          buyAt(10.3, "600000", "浦发银行", "09:45:10"),
          buyAt(9.9, "600000", "浦发银行", "11:30:00"),
          buyAt(12, "300001", "某创业", "13:10:00"),
          buyAt(12, "300002", "无K线", "14:57:00"),
          buyAt(10, "600000", "浦发银行", null),
        ],
        events: [],
      },
      { bars: (code) => bars[code] },
    );
    expect(a.fills.find((f) => f.time === "09:25:00")!.prevClose).toBe(10);
    expect(a.style.entries).toEqual({ 打板: 2, 追涨: 0, 半路: 1, 低吸: 2, 未知: 1 });
    expect(a.style.timeOfDay).toEqual([
      { label: "集合竞价", count: 1 },
      { label: "09:30–10:00", count: 1 },
      { label: "10:00–11:30", count: 1 },
      { label: "13:00–14:00", count: 1 },
      { label: "14:00–15:00", count: 1 },
      { label: "未知", count: 1 },
    ]);
    expect(a.style.boards.map((b) => [b.board, b.buys])).toEqual([
      ["main", 4], ["gem", 2], ["star", 0], ["bj", 0], ["other", 0],
    ]);
  });
});

describe("order", () => {
  it("sorts by date and time whatever the file order", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-04", time: "10:00:00", side: "sell", quantity: 100, price: 11 }),
        fill({ date: "2024-03-01", time: "14:00:00", side: "buy", quantity: 100, price: 10 }),
      ],
      events: [],
    });
    expect(a.fills.map((f) => f.line)).toEqual([2, 1]);
    expect(a.unmatched).toEqual([]);
    expect(a.roundTrips[0]!.pnl).toBe(100);
  });

  it("keeps the real order of same-day rows without times in a newest-first file", () => {
    // real order: 03-01 buy; 03-04 sell then buy again (做T: one trip closes, the next opens); 03-05 sell
    const rows = () => [
      fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10 }),
      fill({ date: "2024-03-04", side: "sell", quantity: 100, price: 11 }),
      fill({ date: "2024-03-04", side: "buy", quantity: 100, price: 10.8 }),
      fill({ date: "2024-03-05", side: "sell", quantity: 100, price: 11 }),
    ];
    const oldestFirst = analyzeStatement({ fills: rows(), events: [] });
    const newestFirst = analyzeStatement({ fills: rows().reverse(), events: [] });
    for (const a of [oldestFirst, newestFirst]) {
      expect(a.roundTrips.map((t) => [t.openDate, t.closeDate, t.pnl])).toEqual([
        ["2024-03-01", "2024-03-04", 100],
        ["2024-03-04", "2024-03-05", 20],
      ]);
    }
  });
});
