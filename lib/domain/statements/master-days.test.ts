import fc from "fast-check";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { Fill, StatementEvent } from "@/lib/domain/statements/types";
import { analyzeStatement } from "./analysis";
import { event, fill, resetLines } from "./analysis/rows.test-support";
import { masterFigures, positionsOn, positionSpans } from "./master-days";
import { MIN_CLOSED_TRIPS_TO_RANK, MIN_TRADING_DAYS_TO_RANK } from "./ranking-rules";

/**
 * The stored figures must say what the analysis of the fills says (issue 24): for every day D, the positions held at
 * the end of D and the running totals through D equal those of analysing only the rows up to D — the figure the pages
 * computed per request before ADR 0044.
 */
const DAYS = defaultCalendar.tradingDays("2024-01-02", "2024-03-29");
const STOCKS = [
  { code: "600000", exchange: "SH", market: "A", name: "浦发银行" },
  { code: "300750", exchange: "SZ", market: "A", name: "宁德时代" },
  { code: "00700", exchange: "HK", market: "HK", name: "腾讯控股" },
] as const;

const rowArb = fc.record({
  kind: fc.constantFrom("buy", "buy", "sell", "sell", "bonus", "dividend", "tax"),
  stock: fc.integer({ min: 0, max: 2 }),
  lots: fc.integer({ min: 1, max: 6 }),
  priceFen: fc.integer({ min: 100, max: 5_000 }),
  feeFen: fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: null }),
  day: fc.integer({ min: 0, max: DAYS.length - 1 }),
});
type Row = typeof rowArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Rows in any order of days (a late row reorders FIFO); sells may exceed the position (成本未知 trips). Every row has its
 * own time: rows of one day and time are ordered by the file's direction, which the analysis reads from the whole
 * file (ADR 0044), so only those ties may differ between the whole book and a part of it.
 */
function book(rows: readonly Row[]): { fills: Fill[]; events: StatementEvent[] } {
  const fills: Fill[] = [];
  const events: StatementEvent[] = [];
  rows.forEach((r, i) => {
    const s = STOCKS[r.stock]!;
    const time = `${String(9 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00`;
    const base = { line: i + 2, date: DAYS[r.day]!, time, code: s.code, exchange: s.exchange, market: s.market, name: s.name } as const;
    const quantity = r.lots * 100;
    if (r.kind === "buy" || r.kind === "sell") {
      const fees = r.feeFen === null ? null : { commission: r.feeFen / 100, stampDuty: 0, transferFee: 0, other: 0 };
      fills.push({
        ...base, side: r.kind, quantity, price: r.priceFen / 100, priceCurrency: "CNY", amount: (r.priceFen * quantity) / 100, amountStated: true,
        currency: "CNY", fxRate: null, fees, feeBasis: fees === null ? "schedule" : "file", feesEstimated: false, shareBalance: null,
        netAmount: null, balance: null, kind: "trade", raw: r.kind === "buy" ? "证券买入" : "证券卖出",
      });
    } else if (r.kind === "bonus") {
      events.push({ ...base, kind: "bonus_shares", quantity: r.lots * 10, shareBalance: null, amount: 0, raw: "红股入账" });
    } else if (r.kind === "dividend") {
      events.push({ ...base, kind: "dividend", quantity: 0, shareBalance: null, amount: r.priceFen / 100, raw: "红利入账" });
    } else {
      events.push({ ...base, kind: "dividend_tax", quantity: 0, shareBalance: null, amount: -r.lots / 10, raw: "股息红利差异扣税" });
    }
  });
  return { fills, events };
}

const through = (b: ReturnType<typeof book>, day: string) => ({ fills: b.fills.filter((f) => f.date <= day), events: b.events.filter((e) => e.date <= day) });
const held = (p: { code: string; quantity: number; cost: number; unknownQuantity: number; openingUnknown: boolean; openDate: string; market: string }) => ({
  code: p.code, market: p.market, quantity: p.quantity, cost: p.cost, unknownQuantity: p.unknownQuantity, openingUnknown: p.openingUnknown, openDate: p.openDate,
});
const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);

describe("masterFigures", () => {
  it("holds at the end of every day what the analysis of the rows up to that day holds", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 45 }), (rows) => {
        const b = book(rows);
        const figures = masterFigures(analyzeStatement(b, { positionHistory: true }));
        for (const day of DAYS) {
          const expected = analyzeStatement(through(b, day)).openPositions.map(held).sort(byCode);
          expect(positionsOn(figures.positions, day).map(held).sort(byCode)).toEqual(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("keeps running totals through every day equal to the trips closed and the rows read by that day", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 45 }), (rows) => {
        const b = book(rows);
        const whole = analyzeStatement(b, { positionHistory: true });
        const figures = masterFigures(whole);
        for (const day of DAYS) {
          const upTo = analyzeStatement(through(b, day));
          // a trip's P&L is its final one: a dividend tax booked after the sale still belongs to it (what round_trips
          // and the rankings always counted), so the trips closed by the day come from the whole book
          const counted = whole.roundTrips.filter((t) => t.realized && t.market === "A" && t.closeDate !== null && t.closeDate <= day);
          expect(counted.length).toBe(upTo.roundTrips.filter((t) => t.realized && t.market === "A").length);
          const row = figures.days.filter((d) => d.day <= day).at(-1);
          expect(row?.cumTrips ?? 0).toBe(counted.length);
          expect(row?.cumWins ?? 0).toBe(counted.filter((t) => t.pnl > 0).length);
          expect(row?.cumPnl ?? 0).toBeCloseTo(counted.reduce((sum, t) => sum + t.pnl, 0), 2);
          expect(row?.cumTradingDays ?? 0).toBe(new Set(upTo.fills.filter((f) => f.market === "A").map((f) => f.date)).size);
          expect(row?.cumFills ?? 0).toBe(upTo.fills.length);
          expect(row?.lastFillDay ?? null).toBe(upTo.fills.length ? upTo.fills.map((f) => f.date).sort().at(-1) : null);
          const today = counted.filter((t) => t.closeDate === day);
          const dayRow = figures.days.find((d) => d.day === day);
          expect(dayRow?.trips ?? 0).toBe(today.length);
          expect(dayRow?.pnl ?? 0).toBeCloseTo(today.reduce((s, t) => s + t.pnl, 0), 2);
          if (today.length) {
            expect(dayRow!.best!.pnl).toBe(Math.max(...today.map((t) => t.pnl)));
            expect(dayRow!.worst!.pnl).toBe(Math.min(...today.map((t) => t.pnl)));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("counts a dividend tax booked after the sale in the trip's P&L on the day the trip closed", () => {
    resetLines();
    const fills = [fill({ date: "2024-01-02", side: "buy", quantity: 600, price: 1 }), fill({ date: "2024-01-02", time: "14:00:00", side: "sell", quantity: 600, price: 1 })];
    const tax = event({ date: "2024-01-03", kind: "dividend_tax", amount: -0.1, raw: "股息红利差异扣税" });
    const [closed] = masterFigures(analyzeStatement({ fills, events: [tax] }, { positionHistory: true })).days;
    expect(closed).toMatchObject({ day: "2024-01-02", trips: 1, pnl: -0.1, cumPnl: -0.1 });
  });

  it("names the day's securities in the order first traded, at most six", () => {
    resetLines();
    const names = ["甲", "乙", "丙", "丁", "戊", "己", "庚"];
    const fills = names.map((name, i) => fill({ date: "2024-01-02", time: `09:3${i}:00`, code: `60000${i}`, name, side: "buy", quantity: 100, price: 10 }));
    const [day] = masterFigures(analyzeStatement({ fills, events: [] }, { positionHistory: true })).days;
    expect(day).toMatchObject({ day: "2024-01-02", fills: 7, aShareFills: 7, names: names.slice(0, 6), trips: 0, best: null });
  });

  it("dates ranking eligibility to the first day both sample sizes are reached", () => {
    resetLines();
    const days = DAYS.slice(0, Math.max(MIN_CLOSED_TRIPS_TO_RANK, MIN_TRADING_DAYS_TO_RANK) + 2);
    const fills = days.flatMap((date) => [
      fill({ date, time: "09:31:00", side: "buy", quantity: 100, price: 10 }),
      fill({ date, time: "14:50:00", side: "sell", quantity: 100, price: 10.5 }),
    ]);
    const figures = masterFigures(analyzeStatement({ fills, events: [] }, { positionHistory: true }));
    expect(figures.eligibleFrom).toBe(days[Math.max(MIN_CLOSED_TRIPS_TO_RANK, MIN_TRADING_DAYS_TO_RANK) - 1]);
    expect(figures.firstDay).toBe(days[0]);
    expect(figures.lastDay).toBe(days.at(-1));
    expect(masterFigures(analyzeStatement({ fills: fills.slice(0, 4), events: [] }, { positionHistory: true })).eligibleFrom).toBeNull();
  });

  it("ends a position's span on the day it is sold out and starts a new one when bought back", () => {
    resetLines();
    const fills = [
      fill({ date: "2024-01-02", side: "buy", quantity: 300, price: 10 }),
      fill({ date: "2024-01-04", side: "sell", quantity: 100, price: 11 }),
      fill({ date: "2024-01-08", side: "sell", quantity: 200, price: 9 }),
      fill({ date: "2024-01-10", side: "buy", quantity: 100, price: 8 }),
    ];
    const spans = masterFigures(analyzeStatement({ fills, events: [event({ date: "2024-01-05", kind: "bonus_shares", quantity: 0 })] }, { positionHistory: true })).positions;
    expect(spans.map((s) => [s.heldFrom, s.heldUntil, s.quantity, s.cost])).toEqual([
      ["2024-01-02", "2024-01-04", 300, 3000],
      ["2024-01-04", "2024-01-08", 200, 2000],
      ["2024-01-10", null, 100, 800],
    ]);
    expect(positionsOn(spans, "2024-01-09")).toEqual([]);
  });

  it("answers no history unless asked, and spans from no snapshots are empty", () => {
    resetLines();
    expect(analyzeStatement({ fills: [fill({ date: "2024-01-02", side: "buy", quantity: 100, price: 10 })], events: [] }).positionHistory).toBeUndefined();
    expect(positionSpans([])).toEqual([]);
  });
});
