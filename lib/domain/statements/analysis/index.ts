import { defaultCalendar, type TradingCalendar } from "@/lib/domain/market/calendar";
import { boardOf, canonicalCode } from "@/lib/domain/market/codes";
import { estimateFees } from "@/lib/domain/market/fees";
import type { Board, DailyBar, Exchange } from "@/lib/domain/market/types";
import type { AnalysisSummary, Fill, FillFees, RoundTrip, StatementEvent } from "@/lib/domain/statements/types";
import { divRound, fenToYuan, lineMills, millsToFen, roundMoney, roundTo, toFen } from "./money";
import {
  BOARD_LABELS,
  BOARDS,
  HOLDING_BUCKETS,
  holdingBucketOf,
  STYLE_TAGS,
  styleOf,
  TIME_OF_DAY_BUCKETS,
  timeOfDayOf,
  type HoldingBucket,
  type StyleTag,
  type TimeOfDayBucket,
} from "./style";

export { roundMoney } from "./money";
export * from "./style";

/**
 * The analysis of one settlement statement (PRODUCT.md "Domain rules", the /analysis page). Pure and
 * deterministic; every figure can be redone by hand from the fills:
 *
 * Order. Fills are put in time order by (date, time, canonical code, file order); a fill without a time sorts
 * before the timed fills of its day. Rows of one stock at one timestamp keep their file order — except that a file
 * listed newest first (more date decreases than increases between neighbouring rows) is read bottom-up first, so
 * same-day rows of such a file keep their real order. Share events (红股, 股份转入/转出) of a date come before that
 * date's fills (they are booked at the start of the day).
 *
 * Positions. One FIFO queue of lots per canonical code (old Beijing codes are the 920 code). A buy (an IPO fill
 * too, at the issue price) adds a lot costing price × quantity + its fees; bonus shares and shares transferred in add
 * a lot at zero cost; a sell or a transfer out takes shares from the oldest lots. Bonus shares or shares transferred
 * in while nothing is held are not tracked (their cost is unknown: held before the statement began) and are
 * listed in `unmatched`.
 *
 * Round trips. A trip opens when a position leaves zero and closes when it returns to zero; every fill in between
 * belongs to it. buyAmount / sellAmount = Σ price × quantity (in mills, rounded half-up to the fen at the end of
 * the trip); fees = every fee of its fills; dividends and dividend tax are the events of that code dated within
 * [openDate, closeDate] (an open trip: from openDate on; a date shared by a closing and a re-opening trip goes to
 * the earlier trip); pnl = sellAmount − buyAmount − fees + dividends − dividendTax. Trips are listed in open order.
 *
 * Unmatched. A sell of more shares than held sells the held part inside the trip (with that share of the fill's
 * fees, rounded half-up to the fen) and lists the rest; the cash of the rest (its amount and remaining fees) is in
 * no round trip, but its fees stay in `summary.totalFees` and its amount in `turnover`. A quantity never goes
 * negative. Dividends outside every holding period and transfers out (which carry no sale price) are listed too.
 *
 * Holding days. calendar.daysBetween(openDate, closeDate): trading days after the open up to and including the
 * close (0 = closed on the day it opened, 当日); an open trip counts to `asOf`, else to the last fill date.
 *
 * Summary. Counts and ratios are over closed trips: roundTrips = closed trips; winRate = wins / closed (NaN with
 * none); profitFactor = won / |lost| (Infinity with wins and no loss, NaN with neither); avgWin = won / wins and
 * avgLoss = lost / losses (a negative number), both NaN without such trips and rounded to the fen; avgHoldingDays to
 * 0.01 (NaN with none); totalFees and turnover over every fill (unmatched ones included); openPositions = open
 * trips. Streaks use closed trips in close order (close date, close time, open date, open order); a trip with
 * pnl 0 is neither a win nor a loss and ends both streaks.
 *
 * Views. monthly: by close month, months with a closed trip only; perStock: every code with a fill, realised pnl
 * of its closed trips, fees and turnover of all its fills, best pnl first; holding: the seven buckets, closed trips;
 * style.entries and style.timeOfDay: trade buys (IPO fills are not entries); style.boards: closed trips and trade
 * buys per board; equityCurve: realised pnl accumulated by close date.
 */

export interface AnalysisOptions {
  /** daily bars of a canonical code, for the previous close of a buy (style tags) */
  bars?: (code: string) => readonly DailyBar[] | undefined;
  /** trading calendar for holding days; `defaultCalendar` when absent */
  calendar?: TradingCalendar;
  /** the day open trips are held to; the last fill date when absent */
  asOf?: string;
  /** display name of a canonical code (the current name); the name on the fills when absent */
  names?: (code: string) => string | undefined;
}

export interface AnalysedFill extends Omit<Fill, "fees"> {
  /** canonical code (old Beijing codes as 920xxx) */
  code: string;
  /** the code as the statement wrote it */
  originalCode: string;
  /** as read, or estimated by trade date when the file had none (`feesEstimated`) */
  fees: FillFees;
  /** commission + stampDuty + transferFee + other, yuan */
  feeTotal: number;
  board: Board;
  /** index into `roundTrips`; null when no share of the fill is in a trip (a sell with nothing held) */
  roundTrip: number | null;
  /** shares of a sell beyond the position (listed in `unmatched`); 0 otherwise */
  unmatchedQuantity: number;
  /** previous close from the bars, for buys; null without bars or for sells */
  prevClose: number | null;
  /** style of a trade buy; null for sells and IPO fills */
  style: StyleTag | null;
}

export interface UnmatchedItem {
  line: number;
  date: string;
  code: string;
  /** Chinese, e.g. "卖出 300 股多于持仓 100 股：可能是导入前已持有" */
  reason: string;
}

export interface MonthlyRow {
  /** YYYY-MM of the close date */
  month: string;
  pnl: number;
  roundTrips: number;
  wins: number;
}

export interface PerStockRow {
  code: string;
  name: string;
  /** closed round trips */
  roundTrips: number;
  wins: number;
  /** realised: Σ pnl of closed trips */
  pnl: number;
  /** every fee on the stock's fills */
  fees: number;
  /** Σ amount of the stock's fills */
  turnover: number;
}

export interface HoldingRow {
  label: HoldingBucket;
  count: number;
  pnl: number;
}

export interface BoardRow {
  board: Board;
  label: string;
  /** closed round trips */
  roundTrips: number;
  wins: number;
  pnl: number;
  /** trade buys (entries) on the board */
  buys: number;
}

export interface StyleView {
  /** trade buys by style (IPO fills are not entries) */
  entries: Record<StyleTag, number>;
  /** trade buys by time of day */
  timeOfDay: { label: TimeOfDayBucket; count: number }[];
  boards: BoardRow[];
}

export interface OpenPosition {
  code: string;
  exchange: Exchange;
  name: string;
  quantity: number;
  /** FIFO cost of the shares still held, fees included (bonus shares at zero) */
  cost: number;
  openDate: string;
  /** index into `roundTrips` */
  roundTrip: number;
}

export interface StatementAnalysis {
  fills: AnalysedFill[];
  /** events in time order, codes canonical */
  events: StatementEvent[];
  roundTrips: RoundTrip[];
  summary: AnalysisSummary;
  monthly: MonthlyRow[];
  perStock: PerStockRow[];
  holding: HoldingRow[];
  style: StyleView;
  openPositions: OpenPosition[];
  unmatched: UnmatchedItem[];
  /** realised P&L accumulated by close date, one point per date with a closed trip */
  equityCurve: { date: string; cumulativePnl: number }[];
}

interface TripState {
  index: number;
  code: string;
  exchange: Exchange;
  name: string;
  openDate: string;
  closeDate: string | null;
  closeTime: string | null;
  quantity: number;
  buyMills: number;
  sellMills: number;
  feeFen: number;
  dividendFen: number;
  taxFen: number;
  fillIndexes: number[];
  feesEstimated: boolean;
}

interface Position {
  quantity: number;
  /** FIFO lots as two parallel queues from `head`: shares and cost in mills (fees included) */
  lotQty: number[];
  lotCost: number[];
  head: number;
  trip: TripState | null;
  trips: TripState[];
  lastName: string;
  exchange: Exchange;
}

const SHARE_EVENTS = new Set<StatementEvent["kind"]>(["bonus_shares", "shares_in", "shares_out"]);

/** true when neighbouring rows more often go back in date than forward: a newest-first export */
function isNewestFirst(items: readonly { date: string }[]): boolean {
  let up = 0;
  let down = 0;
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1]!.date;
    const b = items[i]!.date;
    if (b > a) up++;
    else if (b < a) down++;
  }
  return down > up;
}

/** indices of `items` in (date, time, code, reading order) order; a missing time sorts first in its day */
function timeOrder(items: readonly { date: string; time: string | null }[], codes: readonly string[]): number[] {
  const n = items.length;
  const reversed = isNewestFirst(items);
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => {
    const x = items[a]!;
    const y = items[b]!;
    if (x.date !== y.date) return x.date < y.date ? -1 : 1;
    const tx = x.time ?? "";
    const ty = y.time ?? "";
    if (tx !== ty) return tx < ty ? -1 : 1;
    const cx = codes[a]!;
    const cy = codes[b]!;
    if (cx !== cy) return cx < cy ? -1 : 1;
    return reversed ? b - a : a - b;
  });
  return order;
}

function feeFenOf(fees: FillFees): number {
  return toFen(fees.commission) + toFen(fees.stampDuty) + toFen(fees.transferFee) + toFen(fees.other);
}

const ZERO_FEES: FillFees = { commission: 0, stampDuty: 0, transferFee: 0, other: 0 };

interface BarIndex {
  dates: string[];
  closes: number[];
}

export function analyzeStatement(
  input: { fills: readonly Fill[]; events: readonly StatementEvent[] },
  options: AnalysisOptions = {},
): StatementAnalysis {
  const calendar = options.calendar ?? defaultCalendar;
  const canonicalCache = new Map<string, string>();
  const canonical = (code: string): string => {
    let c = canonicalCache.get(code);
    if (c === undefined) {
      c = canonicalCode(code);
      canonicalCache.set(code, c);
    }
    return c;
  };
  const boardCache = new Map<string, Board>();
  const boardFor = (code: string): Board => {
    let b = boardCache.get(code);
    if (b === undefined) {
      b = boardOf(code);
      boardCache.set(code, b);
    }
    return b;
  };
  const barCache = new Map<string, BarIndex | null>();
  const prevCloseOf = (code: string, date: string): number | null => {
    if (!options.bars) return null;
    let index = barCache.get(code);
    if (index === undefined) {
      const bars = options.bars(code);
      if (!bars || bars.length === 0) index = null;
      else {
        const sorted = bars.every((b, i) => i === 0 || bars[i - 1]!.date < b.date)
          ? bars
          : [...bars].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
        index = { dates: sorted.map((b) => b.date), closes: sorted.map((b) => b.close) };
      }
      barCache.set(code, index);
    }
    if (index === null) return null;
    // last bar strictly before `date`
    let lo = 0;
    let hi = index.dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (index.dates[mid]! < date) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? null : (index.closes[lo - 1] ?? null);
  };

  // ---- fills in time order, codes canonical, fees present
  const rawFills = input.fills;
  const rawCodes = rawFills.map((f) => canonical(f.code));
  const fillOrder = timeOrder(rawFills, rawCodes);
  const n = rawFills.length;
  const fills: AnalysedFill[] = new Array<AnalysedFill>(n);
  const feeFen = new Float64Array(n);
  const amountFen = new Float64Array(n);
  let lastFillDate = "";
  for (let i = 0; i < n; i++) {
    const src = rawFills[fillOrder[i]!]!;
    const code = rawCodes[fillOrder[i]!]!;
    let fees = src.fees;
    let feesEstimated = src.feesEstimated;
    if (fees === null) {
      fees = src.amount > 0 ? estimateFees(src.side, src.amount, src.date) : ZERO_FEES;
      feesEstimated = true;
    }
    const fen = feeFenOf(fees);
    feeFen[i] = fen;
    amountFen[i] = toFen(src.amount);
    if (src.date > lastFillDate) lastFillDate = src.date;
    const isTradeBuy = src.side === "buy" && src.kind === "trade";
    const prevClose = src.side === "buy" ? prevCloseOf(code, src.date) : null;
    // an explicit literal (not a spread): one compact shape for 100,000 fills
    fills[i] = {
      line: src.line,
      date: src.date,
      time: src.time,
      code,
      exchange: src.exchange,
      name: src.name,
      side: src.side,
      quantity: src.quantity,
      price: src.price,
      amount: src.amount,
      fees,
      feesEstimated,
      netAmount: src.netAmount,
      balance: src.balance,
      kind: src.kind,
      raw: src.raw,
      originalCode: src.code,
      feeTotal: fenToYuan(fen),
      board: boardFor(code),
      roundTrip: null,
      unmatchedQuantity: 0,
      prevClose,
      style: isTradeBuy ? styleOf(code, src.date, src.name, src.price, prevClose) : null,
    };
  }

  // ---- events in time order, codes canonical
  const rawEvents = input.events;
  const eventCodes = rawEvents.map((e) => (e.code === null ? "" : canonical(e.code)));
  const events: StatementEvent[] = timeOrder(rawEvents, eventCodes).map((i) => {
    const e = rawEvents[i]!;
    return e.code === null ? { ...e } : { ...e, code: eventCodes[i]! };
  });

  // ---- positions and round trips
  const positions = new Map<string, Position>();
  const trips: TripState[] = [];
  const unmatched: UnmatchedItem[] = [];
  const positionOf = (code: string, exchange: Exchange, name: string): Position => {
    let p = positions.get(code);
    if (p === undefined) {
      p = { quantity: 0, lotQty: [], lotCost: [], head: 0, trip: null, trips: [], lastName: name, exchange };
      positions.set(code, p);
    }
    return p;
  };
  /** remove `quantity` (≤ held) shares from the oldest lots */
  const takeLots = (p: Position, quantity: number): void => {
    let left = quantity;
    while (left > 0 && p.head < p.lotQty.length) {
      const q = p.lotQty[p.head]!;
      if (q <= left) {
        left -= q;
        p.head++;
      } else {
        const cost = p.lotCost[p.head]!;
        p.lotCost[p.head] = cost - divRound(cost * left, q);
        p.lotQty[p.head] = q - left;
        left = 0;
      }
    }
    if (p.head > 1024 && p.head * 2 > p.lotQty.length) {
      p.lotQty = p.lotQty.slice(p.head);
      p.lotCost = p.lotCost.slice(p.head);
      p.head = 0;
    }
    p.quantity -= quantity;
  };
  const closeIfFlat = (p: Position, date: string, time: string | null): void => {
    if (p.quantity === 0 && p.trip !== null) {
      p.trip.closeDate = date;
      p.trip.closeTime = time;
      p.trip = null;
      p.lotQty.length = 0;
      p.lotCost.length = 0;
      p.head = 0;
    }
  };

  const shareEvents = events.filter((e) => e.code !== null && SHARE_EVENTS.has(e.kind) && e.quantity > 0);
  let ev = 0;
  const applyEvent = (e: StatementEvent): void => {
    const code = e.code!;
    const p = positionOf(code, e.exchange ?? "SZ", e.name);
    const label = e.raw || (e.kind === "bonus_shares" ? "红股入账" : e.kind === "shares_in" ? "股份转入" : "股份转出");
    if (e.kind === "shares_out") {
      const held = p.quantity;
      const take = Math.min(held, e.quantity);
      if (take > 0) {
        takeLots(p, take);
        unmatched.push({ line: e.line, date: e.date, code, reason: `${label} ${take} 股没有卖出金额：所在回合的盈亏只按现金计算` });
        closeIfFlat(p, e.date, e.time);
      }
      if (e.quantity > take) {
        unmatched.push({ line: e.line, date: e.date, code, reason: `${label} ${e.quantity} 股多于持仓 ${held} 股：可能是导入前已持有` });
      }
      return;
    }
    if (p.quantity === 0 || p.trip === null) {
      unmatched.push({ line: e.line, date: e.date, code, reason: `${label} ${e.quantity} 股时没有持仓：可能是导入前已持有，成本未知，未计入回合` });
      return;
    }
    p.lotQty.push(e.quantity);
    p.lotCost.push(0);
    p.quantity += e.quantity;
    if (e.kind === "bonus_shares") p.trip.quantity += e.quantity;
  };

  for (let i = 0; i < n; i++) {
    const f = fills[i]!;
    while (ev < shareEvents.length && shareEvents[ev]!.date <= f.date) applyEvent(shareEvents[ev++]!);
    const p = positionOf(f.code, f.exchange, f.name);
    p.lastName = f.name;
    const mills = lineMills(f.price, f.quantity);
    if (f.side === "buy") {
      if (p.trip === null) {
        p.trip = {
          index: trips.length,
          code: f.code,
          exchange: f.exchange,
          name: options.names?.(f.code) ?? f.name,
          openDate: f.date,
          closeDate: null,
          closeTime: null,
          quantity: 0,
          buyMills: 0,
          sellMills: 0,
          feeFen: 0,
          dividendFen: 0,
          taxFen: 0,
          fillIndexes: [],
          feesEstimated: false,
        };
        trips.push(p.trip);
        p.trips.push(p.trip);
      }
      const t = p.trip;
      t.quantity += f.quantity;
      t.buyMills += mills;
      t.feeFen += feeFen[i]!;
      t.fillIndexes.push(i);
      t.feesEstimated ||= f.feesEstimated;
      p.lotQty.push(f.quantity);
      p.lotCost.push(mills + feeFen[i]! * 10);
      p.quantity += f.quantity;
      f.roundTrip = t.index;
      continue;
    }
    const held = p.quantity;
    const take = Math.min(held, f.quantity);
    if (take > 0 && p.trip !== null) {
      const t = p.trip;
      t.sellMills += take === f.quantity ? mills : lineMills(f.price, take);
      t.feeFen += take === f.quantity ? feeFen[i]! : divRound(feeFen[i]! * take, f.quantity);
      t.fillIndexes.push(i);
      t.feesEstimated ||= f.feesEstimated;
      f.roundTrip = t.index;
      takeLots(p, take);
      closeIfFlat(p, f.date, f.time);
    }
    if (f.quantity > take) {
      f.unmatchedQuantity = f.quantity - take;
      unmatched.push({ line: f.line, date: f.date, code: f.code, reason: `卖出 ${f.quantity} 股多于持仓 ${held} 股：可能是导入前已持有` });
    }
  }
  while (ev < shareEvents.length) applyEvent(shareEvents[ev++]!);

  // ---- dividends and dividend tax into the trip holding the stock on that date
  for (const e of events) {
    if ((e.kind !== "dividend" && e.kind !== "dividend_tax") || e.code === null || e.amount === 0) continue;
    const list = positions.get(e.code)?.trips ?? [];
    // first trip whose close date is on or after the event date (open trips never close)
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const close = list[mid]!.closeDate;
      if (close !== null && close < e.date) lo = mid + 1;
      else hi = mid;
    }
    const trip = list[lo];
    const fen = toFen(e.amount);
    if (trip === undefined || trip.openDate > e.date) {
      const what = e.raw || (e.kind === "dividend" ? "红利入账" : "股息红利差异扣税");
      unmatched.push({
        line: e.line,
        date: e.date,
        code: e.code,
        reason: `${what} ${fenToYuan(Math.abs(fen)).toFixed(2)} 元不在该股任何持仓期内：未计入回合盈亏`,
      });
      continue;
    }
    if (e.kind === "dividend") trip.dividendFen += fen;
    else trip.taxFen += Math.abs(fen);
  }

  // ---- finished trips
  const endDate = options.asOf ?? lastFillDate;
  // trading days in (a, b] = ordinal(b) − ordinal(a), with ordinal(d) = trading days in (first open date, d]:
  // one calendar question per distinct date instead of one per trip
  const firstOpen = trips.reduce((min, t) => (t.openDate < min ? t.openDate : min), endDate);
  const ordinals = new Map<string, number>();
  const ordinal = (date: string): number => {
    let o = ordinals.get(date);
    if (o === undefined) {
      o = calendar.daysBetween(firstOpen, date);
      ordinals.set(date, o);
    }
    return o;
  };
  const tripPnlFen: number[] = [];
  const tripHolding: number[] = [];
  const roundTrips: RoundTrip[] = trips.map((t) => {
    const buyFen = millsToFen(t.buyMills);
    const sellFen = millsToFen(t.sellMills);
    const pnlFen = sellFen - buyFen - t.feeFen + t.dividendFen - t.taxFen;
    const to = t.closeDate ?? endDate;
    const holdingDays = to > t.openDate ? ordinal(to) - ordinal(t.openDate) : 0;
    tripPnlFen.push(pnlFen);
    tripHolding.push(holdingDays);
    return {
      code: t.code,
      exchange: t.exchange,
      name: t.name,
      openDate: t.openDate,
      closeDate: t.closeDate,
      quantity: t.quantity,
      buyAmount: fenToYuan(buyFen),
      sellAmount: fenToYuan(sellFen),
      fees: fenToYuan(t.feeFen),
      dividends: fenToYuan(t.dividendFen),
      dividendTax: fenToYuan(t.taxFen),
      pnl: fenToYuan(pnlFen),
      holdingDays,
      fillIndexes: t.fillIndexes,
      feesEstimated: t.feesEstimated,
    };
  });

  // closed trips in close order
  const closeKeys: string[] = new Array<string>(trips.length);
  const closed: TripState[] = [];
  for (const t of trips) {
    if (t.closeDate === null) continue;
    closeKeys[t.index] = `${t.closeDate}|${t.closeTime ?? ""}|${t.openDate}`;
    closed.push(t);
  }
  closed.sort((a, b) => {
    const ka = closeKeys[a.index]!;
    const kb = closeKeys[b.index]!;
    return ka < kb ? -1 : ka > kb ? 1 : a.index - b.index;
  });

  let wins = 0;
  let losses = 0;
  let wonFen = 0;
  let lostFen = 0;
  let realizedFen = 0;
  let holdingSum = 0;
  let streakWins = 0;
  let streakLosses = 0;
  let maxWins = 0;
  let maxLosses = 0;
  const monthly = new Map<string, { pnlFen: number; roundTrips: number; wins: number }>();
  const holdingRows = new Map<HoldingBucket, { count: number; pnlFen: number }>(
    HOLDING_BUCKETS.map((b) => [b, { count: 0, pnlFen: 0 }]),
  );
  const boardRows = new Map<Board, { roundTrips: number; wins: number; pnlFen: number; buys: number }>(
    BOARDS.map((b) => [b, { roundTrips: 0, wins: 0, pnlFen: 0, buys: 0 }]),
  );
  const stockRows = new Map<string, { roundTrips: number; wins: number; pnlFen: number; feeFen: number; turnoverFen: number }>();
  const stockRow = (code: string) => {
    let row = stockRows.get(code);
    if (row === undefined) {
      row = { roundTrips: 0, wins: 0, pnlFen: 0, feeFen: 0, turnoverFen: 0 };
      stockRows.set(code, row);
    }
    return row;
  };
  const equityCurve: { date: string; cumulativePnl: number }[] = [];

  for (const t of closed) {
    const pnl = tripPnlFen[t.index]!;
    const days = tripHolding[t.index]!;
    const isWin = pnl > 0;
    realizedFen += pnl;
    holdingSum += days;
    if (isWin) {
      wins++;
      wonFen += pnl;
      streakWins++;
      streakLosses = 0;
    } else if (pnl < 0) {
      losses++;
      lostFen += pnl;
      streakLosses++;
      streakWins = 0;
    } else {
      streakWins = 0;
      streakLosses = 0;
    }
    if (streakWins > maxWins) maxWins = streakWins;
    if (streakLosses > maxLosses) maxLosses = streakLosses;

    const month = t.closeDate!.slice(0, 7);
    const m = monthly.get(month) ?? { pnlFen: 0, roundTrips: 0, wins: 0 };
    m.pnlFen += pnl;
    m.roundTrips++;
    if (isWin) m.wins++;
    monthly.set(month, m);

    const h = holdingRows.get(holdingBucketOf(days))!;
    h.count++;
    h.pnlFen += pnl;

    const b = boardRows.get(boardFor(t.code))!;
    b.roundTrips++;
    b.pnlFen += pnl;
    if (isWin) b.wins++;

    const s = stockRow(t.code);
    s.roundTrips++;
    s.pnlFen += pnl;
    if (isWin) s.wins++;

    const last = equityCurve[equityCurve.length - 1];
    if (last !== undefined && last.date === t.closeDate) last.cumulativePnl = fenToYuan(realizedFen);
    else equityCurve.push({ date: t.closeDate!, cumulativePnl: fenToYuan(realizedFen) });
  }

  // ---- per fill: fees, turnover, entries
  let totalFeeFen = 0;
  let turnoverFen = 0;
  const entries = Object.fromEntries(STYLE_TAGS.map((tag) => [tag, 0])) as Record<StyleTag, number>;
  const timeOfDay = new Map<TimeOfDayBucket, number>(TIME_OF_DAY_BUCKETS.map((b) => [b, 0]));
  for (let i = 0; i < n; i++) {
    const f = fills[i]!;
    totalFeeFen += feeFen[i]!;
    turnoverFen += amountFen[i]!;
    const s = stockRow(f.code);
    s.feeFen += feeFen[i]!;
    s.turnoverFen += amountFen[i]!;
    if (f.style !== null) {
      entries[f.style]++;
      const bucket = timeOfDayOf(f.time);
      timeOfDay.set(bucket, timeOfDay.get(bucket)! + 1);
      boardRows.get(f.board)!.buys++;
    }
  }

  const closedCount = closed.length;
  const summary: AnalysisSummary = {
    realizedPnl: fenToYuan(realizedFen),
    totalFees: fenToYuan(totalFeeFen),
    roundTrips: closedCount,
    wins,
    losses,
    winRate: closedCount === 0 ? NaN : wins / closedCount,
    profitFactor: lostFen !== 0 ? wonFen / -lostFen : wonFen > 0 ? Infinity : NaN,
    avgHoldingDays: closedCount === 0 ? NaN : roundTo(holdingSum / closedCount, 2),
    maxConsecutiveWins: maxWins,
    maxConsecutiveLosses: maxLosses,
    avgWin: wins === 0 ? NaN : roundMoney(fenToYuan(wonFen) / wins),
    avgLoss: losses === 0 ? NaN : roundMoney(fenToYuan(lostFen) / losses),
    turnover: fenToYuan(turnoverFen),
    openPositions: trips.length - closedCount,
  };

  const nameOf = (code: string): string => options.names?.(code) ?? positions.get(code)?.lastName ?? "";

  const perStock: PerStockRow[] = [...stockRows.entries()]
    .map(([code, s]) => ({
      code,
      name: nameOf(code),
      roundTrips: s.roundTrips,
      wins: s.wins,
      pnl: fenToYuan(s.pnlFen),
      fees: fenToYuan(s.feeFen),
      turnover: fenToYuan(s.turnoverFen),
    }))
    .sort((a, b) => b.pnl - a.pnl || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

  const openPositions: OpenPosition[] = trips
    .filter((t) => t.closeDate === null)
    .map((t) => {
      const p = positions.get(t.code)!;
      let costMills = 0;
      for (let i = p.head; i < p.lotCost.length; i++) costMills += p.lotCost[i]!;
      return {
        code: t.code,
        exchange: t.exchange,
        name: nameOf(t.code),
        quantity: p.quantity,
        cost: fenToYuan(millsToFen(costMills)),
        openDate: t.openDate,
        roundTrip: t.index,
      };
    });

  unmatched.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  return {
    fills,
    events,
    roundTrips,
    summary,
    monthly: [...monthly.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, m]) => ({ month, pnl: fenToYuan(m.pnlFen), roundTrips: m.roundTrips, wins: m.wins })),
    perStock,
    holding: HOLDING_BUCKETS.map((label) => {
      const h = holdingRows.get(label)!;
      return { label, count: h.count, pnl: fenToYuan(h.pnlFen) };
    }),
    style: {
      entries,
      timeOfDay: TIME_OF_DAY_BUCKETS.map((label) => ({ label, count: timeOfDay.get(label)! })),
      boards: BOARDS.map((board) => {
        const b = boardRows.get(board)!;
        return { board, label: BOARD_LABELS[board], roundTrips: b.roundTrips, wins: b.wins, pnl: fenToYuan(b.pnlFen), buys: b.buys };
      }),
    },
    openPositions,
    unmatched,
    equityCurve,
  };
}
