import fc from "fast-check";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { Fill, StatementEvent } from "@/lib/domain/statements/types";
import { analyzeStatement, type StatementAnalysis } from "./index";
import { toFen } from "./money";

/**
 * Generated statements: one row per trading day from 2024-01-02 (so every row has its own timestamp), three
 * stocks, prices with two decimals, fees read or missing (estimated), bonus shares, dividends and dividend tax.
 * `valid` keeps every sell within the position (a statement that starts flat); otherwise sells may exceed it.
 * The fourth stock is a 港股通 one: its figures must stay apart from the A-share ones.
 */
const CODES = [
  { code: "600000", exchange: "SH", market: "A", name: "浦发银行" },
  { code: "300750", exchange: "SZ", market: "A", name: "宁德时代" },
  { code: "838163", exchange: "BJ", market: "A", name: "方大新材" }, // old Beijing code: analysed as 920163
  { code: "00700", exchange: "HK", market: "HK", name: "腾讯控股" },
] as const;
const DAYS = defaultCalendar.tradingDays("2024-01-02", "2024-12-31");

const opArb = fc.record({
  kind: fc.constantFrom("buy", "buy", "sell", "sell", "bonus", "dividend", "tax"),
  stock: fc.integer({ min: 0, max: 3 }),
  lots: fc.integer({ min: 1, max: 8 }),
  priceFen: fc.integer({ min: 100, max: 9_000 }),
  feeFen: fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: null }),
  time: fc.option(fc.constantFrom("09:25:00", "09:41:07", "10:30:00", "13:05:59", "14:56:30"), { nil: null }),
});

interface Statement {
  fills: Fill[];
  events: StatementEvent[];
}

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const INTRADAY = ["09:25:00", "09:41:07", "10:30:00", "14:56:30"];

/** `intraday`: four fills a day at distinct times, no events */
function build(ops: readonly Op[], valid: boolean, intraday = false): Statement {
  const held = [0, 0, 0, 0];
  const fills: Fill[] = [];
  const events: StatementEvent[] = [];
  ops.forEach((op, i) => {
    const date = DAYS[intraday ? Math.floor(i / INTRADAY.length) : i]!;
    const time = intraday ? INTRADAY[i % INTRADAY.length]! : op.time;
    const s = CODES[op.stock]!;
    const base = { line: i + 2, date, time, code: s.code, exchange: s.exchange, market: s.market, name: s.name, shareBalance: null } as const;
    let kind = op.kind;
    if (intraday && kind !== "buy" && kind !== "sell") kind = "buy";
    let quantity = op.lots * 100;
    if (kind === "sell" && valid) {
      if (held[op.stock] === 0) kind = "buy";
      else quantity = Math.min(quantity, held[op.stock]!);
    }
    if ((kind === "bonus" || kind === "dividend" || kind === "tax") && held[op.stock] === 0) return;
    if (kind === "buy" || kind === "sell") {
      const price = op.priceFen / 100;
      const fees = op.feeFen === null ? null : { commission: op.feeFen / 100, stampDuty: 0, transferFee: 0, other: 0 };
      fills.push({
        ...base, side: kind, quantity, price, priceCurrency: "CNY", amount: (op.priceFen * quantity) / 100, amountStated: true,
        currency: "CNY", fxRate: null, fees, feeBasis: fees === null ? "schedule" : "file", feesEstimated: false,
        netAmount: null, balance: null, kind: "trade", raw: kind === "buy" ? "证券买入" : "证券卖出",
      });
      held[op.stock] = kind === "buy" ? held[op.stock]! + quantity : Math.max(0, held[op.stock]! - quantity);
      return;
    }
    if (kind === "bonus") {
      const bonus = op.lots * 10;
      events.push({ ...base, kind: "bonus_shares", quantity: bonus, amount: 0, raw: "红股入账" });
      held[op.stock] = held[op.stock]! + bonus;
    } else if (kind === "dividend") {
      events.push({ ...base, kind: "dividend", quantity: held[op.stock]!, amount: op.priceFen / 100, raw: "红利入账" });
    } else {
      events.push({ ...base, kind: "dividend_tax", quantity: 0, amount: -op.lots / 10, raw: "股息红利差异扣税" });
    }
  });
  return { fills, events };
}

const statementArb = (valid: boolean, intraday = false) =>
  fc.array(opArb, { minLength: 0, maxLength: 60 }).map((ops) => build(ops, valid, intraday));

function shuffle<T>(items: readonly T[], seeds: readonly number[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = (seeds[i % seeds.length] ?? 0) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const fen = (yuan: number) => toFen(yuan);

describe("analyzeStatement properties", () => {
  it.each([false, true])("the P&L of a statement equals the sum of its round trips (intraday %s)", (intraday) => {
    fc.assert(
      fc.property(statementArb(true, intraday), ({ fills, events }) => {
        const a = analyzeStatement({ fills, events });
        expect(a.unmatched).toEqual([]);
        let cash = 0;
        for (const f of a.fills) {
          const gross = Math.round(f.price * 100) * f.quantity;
          cash += f.side === "sell" ? gross : -gross;
          cash -= fen(f.feeTotal);
        }
        for (const e of events) {
          if (e.kind === "dividend") cash += fen(e.amount);
          if (e.kind === "dividend_tax") cash -= Math.abs(fen(e.amount));
        }
        const trips = a.roundTrips.reduce((sum, t) => sum + fen(t.pnl), 0);
        expect(trips).toBe(cash);
        // and each trip is its own parts
        for (const t of a.roundTrips) {
          expect(fen(t.pnl)).toBe(fen(t.sellAmount) - fen(t.buyAmount) - fen(t.fees) + fen(t.dividends) - fen(t.dividendTax));
        }
      }),
    );
  });

  it("never lets a quantity go negative: what exceeds the position is an unknown opening, never a result", () => {
    fc.assert(
      fc.property(statementArb(false), ({ fills, events }) => {
        const a = analyzeStatement({ fills, events });
        // replay in the analysed order; bonus shares come before the fills of their date
        const held = new Map<string, number>();
        const bonus = a.events.filter((e) => e.kind === "bonus_shares");
        const unknownTrips = new Set<number>();
        const expectedOpenings: [number, number][] = [];
        let b = 0;
        for (const f of a.fills) {
          while (b < bonus.length && bonus[b]!.date <= f.date) {
            const e = bonus[b++]!;
            held.set(e.code!, (held.get(e.code!) ?? 0) + e.quantity);
          }
          const h = held.get(f.code) ?? 0;
          if (f.side === "buy") {
            held.set(f.code, h + f.quantity);
            expect(f.unmatchedQuantity).toBe(0);
          } else {
            // a sell while nothing is held is in no trip; a sell beyond the position is whole in its trip
            expect(f.unmatchedQuantity).toBe(h === 0 ? f.quantity : 0);
            expect(f.roundTrip === null).toBe(h === 0);
            if (f.quantity > h) expectedOpenings.push([f.line, h === 0 ? f.quantity : f.quantity - h]);
            if (f.quantity > h && h > 0) unknownTrips.add(f.roundTrip!);
            held.set(f.code, Math.max(0, h - f.quantity));
          }
        }
        expect(a.unknownOpenings.map((u) => [u.line, u.quantity]).sort()).toEqual(expectedOpenings.sort());
        for (const i of unknownTrips) expect(a.roundTrips[i]).toMatchObject({ openingUnknown: true, realized: false });
        for (const p of a.openPositions) {
          expect(p.quantity).toBeGreaterThan(0);
          expect(p.cost).toBeGreaterThanOrEqual(0);
        }
        const stillHeld = [...held.entries()].filter(([, q]) => q > 0);
        // bonus shares after the last fill can still add to an open position
        const openQty = new Map(a.openPositions.map((p) => [p.code, p.quantity]));
        expect(stillHeld.map(([code]) => code).sort()).toEqual([...openQty.keys()].sort());
        for (const [code, q] of stillHeld) expect(openQty.get(code)).toBeGreaterThanOrEqual(q);
        expect(a.unmatched.filter((u) => u.reason.startsWith("卖出"))).toEqual([]);
      }),
    );
  });

  it.each([false, true])("does not depend on row order across timestamps, nor on how the file was split (intraday %s)", (intraday) => {
    fc.assert(
      fc.property(
        statementArb(false, intraday),
        fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        fc.nat(),
        ({ fills, events }, seeds, cut) => {
          const a = analyzeStatement({ fills, events });
          expect(analyzeStatement({ fills: shuffle(fills, seeds), events: shuffle(events, seeds) })).toEqual(a);
          const k = fills.length === 0 ? 0 : cut % fills.length;
          const j = events.length === 0 ? 0 : cut % events.length;
          // the second half of the history first, as when two exported files are concatenated in the wrong order
          const split = { fills: [...fills.slice(k), ...fills.slice(0, k)], events: [...events.slice(j), ...events.slice(0, j)] };
          expect(analyzeStatement(split)).toEqual(a);
          // a newest-first export of the same rows
          expect(analyzeStatement({ fills: [...fills].reverse(), events: [...events].reverse() })).toEqual(a);
        },
      ),
    );
  });

  it("keeps the summary inside its ranges and every view consistent with it", () => {
    fc.assert(
      fc.property(statementArb(false), ({ fills, events }) => {
        const a: StatementAnalysis = analyzeStatement({ fills, events });
        const s = a.summary;
        const aShare = a.roundTrips.filter((t) => t.market === "A");
        const closed = aShare.filter((t) => t.realized);
        for (const t of a.roundTrips) {
          expect(t.realized).toBe(t.status === "closed" && !t.openingUnknown);
          expect(t.status === "open").toBe(t.closeDate === null);
        }
        expect(s.roundTrips).toBe(closed.length);
        expect(s.openPositions).toBe(aShare.filter((t) => t.status === "open").length);
        expect(s.wins + s.losses).toBeLessThanOrEqual(s.roundTrips);
        if (s.roundTrips === 0) expect(s.winRate).toBeNaN();
        else {
          expect(s.winRate).toBeGreaterThanOrEqual(0);
          expect(s.winRate).toBeLessThanOrEqual(1);
        }
        expect(s.maxConsecutiveWins).toBeLessThanOrEqual(s.wins);
        expect(s.maxConsecutiveLosses).toBeLessThanOrEqual(s.losses);
        if (s.wins > 0) expect(s.maxConsecutiveWins).toBeGreaterThanOrEqual(1);
        if (s.losses === 0) expect(Number.isNaN(s.profitFactor) || s.profitFactor === Infinity).toBe(true);
        else expect(s.profitFactor).toBeGreaterThanOrEqual(0);

        const realized = fen(s.realizedPnl);
        const sum = (xs: number[]) => xs.reduce((t, x) => t + fen(x), 0);
        expect(sum(closed.map((t) => t.pnl))).toBe(realized);
        expect(sum(a.monthly.map((m) => m.pnl))).toBe(realized);
        expect(sum(a.perStock.map((p) => p.pnl))).toBe(realized);
        expect(sum(a.holding.map((h) => h.pnl))).toBe(realized);
        expect(sum(a.style.boards.map((b) => b.pnl))).toBe(realized);
        expect(fen(a.equityCurve.at(-1)?.cumulativePnl ?? 0)).toBe(realized);
        expect(a.holding.reduce((t, h) => t + h.count, 0)).toBe(closed.length);
        expect(sum(a.perStock.map((p) => p.fees))).toBe(fen(s.totalFees));
        expect(sum(a.perStock.map((p) => p.turnover))).toBe(fen(s.turnover));
        expect(sum(a.fills.filter((f) => f.market === "A").map((f) => f.feeTotal))).toBe(fen(s.totalFees));
        expect(a.perStock.every((p) => p.code.length === 6)).toBe(true);

        // 港股通 apart: its realised trips are its own summary, and it exists exactly when there is an HK fill
        const hkFills = a.fills.filter((f) => f.market === "HK");
        expect(a.hk === null).toBe(hkFills.length === 0);
        if (a.hk !== null) {
          const hkRealized = a.roundTrips.filter((t) => t.market === "HK" && t.realized);
          expect(fen(a.hk.summary.realizedPnl)).toBe(sum(hkRealized.map((t) => t.pnl)));
          expect(a.hk.summary.roundTrips).toBe(hkRealized.length);
          expect(fen(a.hk.summary.turnover)).toBe(sum(hkFills.map((f) => f.amount)));
          expect(a.hk.perStock.every((p) => p.code === "00700")).toBe(true);
        }

        // fills are in time order and each belongs to at most one trip, listed there in order
        for (let i = 1; i < a.fills.length; i++) {
          const p = a.fills[i - 1]!;
          const f = a.fills[i]!;
          expect(`${p.date} ${p.time ?? ""}` <= `${f.date} ${f.time ?? ""}`).toBe(true);
        }
        const owner = new Map<number, number>();
        a.roundTrips.forEach((t, ti) => {
          t.fillIndexes.forEach((fi, k) => {
            expect(owner.has(fi)).toBe(false);
            owner.set(fi, ti);
            if (k > 0) expect(fi).toBeGreaterThan(t.fillIndexes[k - 1]!);
            expect(a.fills[fi]!.code).toBe(t.code);
          });
          if (ti > 0) expect(a.roundTrips[ti - 1]!.openDate <= t.openDate).toBe(true);
        });
        a.fills.forEach((f, i) => expect(owner.get(i) ?? null).toBe(f.roundTrip));
        expect(a.fills.every((f) => !/^(43|83|87|88)/.test(f.code))).toBe(true);
      }),
    );
  });
});

describe("analyzeStatement properties with share events, balances and allotments", () => {
  const KINDS = ["buy", "buy", "sell", "sell", "shares_in", "shares_out", "share_adjust", "bonus", "allotment", "tax"] as const;
  const rowArb = fc.record({
    kind: fc.constantFrom(...KINDS),
    stock: fc.integer({ min: 0, max: 3 }),
    lots: fc.integer({ min: 1, max: 6 }),
    priceFen: fc.integer({ min: 100, max: 5_000 }),
    balance: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    day: fc.integer({ min: 0, max: 40 }),
  });

  function rows(ops: readonly (typeof rowArb extends fc.Arbitrary<infer T> ? T : never)[]): Statement {
    const fills: Fill[] = [];
    const events: StatementEvent[] = [];
    ops.forEach((op, i) => {
      const s = CODES[op.stock]!;
      const base = { line: i + 2, date: DAYS[op.day]!, time: null, code: s.code, exchange: s.exchange, market: s.market, name: s.name } as const;
      const quantity = op.lots * 100;
      const shareBalance = op.balance === null ? null : op.balance * 100;
      if (op.kind === "buy" || op.kind === "sell") {
        fills.push({
          ...base, side: op.kind, quantity, price: op.priceFen / 100, priceCurrency: "CNY", amount: (op.priceFen * quantity) / 100,
          amountStated: true, currency: "CNY", fxRate: null, fees: { commission: 1, stampDuty: 0, transferFee: 0, other: 0 },
          feeBasis: "file", feesEstimated: false, shareBalance, netAmount: null, balance: null, kind: "trade", raw: "",
        });
      } else if (op.kind === "allotment") {
        events.push({ ...base, code: "783166", exchange: "SH", market: "A", name: s.name, kind: "allotment", quantity, shareBalance: null, amount: -quantity, raw: "配债" });
      } else if (op.kind === "tax") {
        events.push({ ...base, kind: "dividend_tax", quantity: 0, shareBalance: null, amount: -1, raw: "股息红利差异扣税" });
      } else {
        const kind = op.kind === "bonus" ? "bonus_shares" : op.kind;
        const signed = kind === "share_adjust" && op.lots % 2 === 0 ? -quantity / 2 : quantity;
        events.push({ ...base, kind, quantity: signed, shareBalance, amount: 0, raw: "" });
      }
    });
    return { fills, events };
  }

  it("realises only closed trips of known cost, per market, and never lets a position go negative", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 50 }), (ops) => {
        const a = analyzeStatement(rows(ops));
        for (const t of a.roundTrips) {
          expect(t.realized).toBe(t.status === "closed" && !t.openingUnknown);
          expect(t.status === "open").toBe(t.closeDate === null);
        }
        const sum = (market: "A" | "HK") => a.roundTrips.filter((t) => t.market === market && t.realized).reduce((s, t) => s + fen(t.pnl), 0);
        expect(fen(a.summary.realizedPnl)).toBe(sum("A"));
        expect(a.hk === null ? 0 : fen(a.hk.summary.realizedPnl)).toBe(a.hk === null ? 0 : sum("HK"));
        expect(fen(a.equityCurve.at(-1)?.cumulativePnl ?? 0)).toBe(sum("A"));
        expect(a.perStock.reduce((s, p) => s + fen(p.pnl), 0)).toBe(sum("A"));
        for (const p of a.openPositions) {
          expect(p.quantity).toBeGreaterThan(0);
          expect(p.unknownQuantity).toBeGreaterThanOrEqual(0);
          expect(p.unknownQuantity).toBeLessThanOrEqual(p.quantity);
          expect(p.cost).toBeGreaterThanOrEqual(0);
          if (p.unknownQuantity > 0) expect(p.openingUnknown).toBe(true);
          expect(a.roundTrips[p.roundTrip]).toMatchObject({ code: p.code, status: "open" });
        }
        for (const u of a.unknownOpenings) expect(u.quantity).toBeGreaterThan(0);
        for (const p of a.pendingAllotments) expect(p.code).toBe("783166");
      }),
      { numRuns: 500 },
    );
  });
});
