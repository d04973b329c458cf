import { defaultCalendar, type TradingCalendar } from "@/lib/domain/market/calendar";
import { boardOf, canonicalCode, isSubscriptionCode } from "@/lib/domain/market/codes";
import { estimateFees } from "@/lib/domain/market/fees";
import type { Board, Currency, DailyBar, Exchange, Market } from "@/lib/domain/market/types";
import type {
  AnalysisSummary,
  FeeBasis,
  Fill,
  FillFees,
  PendingAllotment,
  RoundTrip,
  StatementEvent,
  UnknownOpening,
} from "@/lib/domain/statements/types";
import { Allotments, isStandInName } from "./allotments";
import { BalanceTrust, eventDelta } from "./balances";
import { divRound, fenToYuan, roundMoney, toFen } from "./money";
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
 * The analysis of one settlement statement (PRODUCT.md "Domain rules", the /analysis page; ADR 0032). Pure and
 * deterministic; every figure can be redone by hand from the fills and events:
 *
 * Order. Fills are put in time order by (date, time, canonical code, file order); a fill without a time sorts
 * before the timed fills of its day. Rows of one stock at one timestamp keep their file order — except that a file
 * listed newest first (more date decreases than increases between neighbouring rows) is read bottom-up first, so
 * same-day rows of such a file keep their real order. Shares arriving (红股, 股份转入, 份额拆分) and allotment rows of
 * a date come before that date's fills (booked at the start of the day); shares leaving (股份转出/托管转出, 份额合并)
 * come after them (an ETF bought and merged on one day, as in a 华西 file).
 *
 * Markets. A-shares (market "A": SH/SZ/BJ) and 港股通 (market "HK": five-digit codes, never padded or mapped) are
 * never summed together. `roundTrips` holds the trips of both; `summary`, `monthly`, `perStock`, `holding`, `style`
 * and `equityCurve` are A-share figures; `hk` holds the summary and per-stock rows of the 港股通 trips in their own
 * currency (null without a 港股通 fill). HK fills without fees are not estimated (the schedule is the A-share one):
 * their fees are 0, marked 估.
 *
 * Amounts. A fill's amount is the file's 成交金额 when it states one (the price column may be a rounded average),
 * else price × quantity as the reader computed it. buyAmount / sellAmount = Σ amount of a trip's buys / sells, in
 * integer fen. Fees are the file's, or derived from net cash (推算), or estimated by the dated schedule when the
 * fill has none (估: feeBasis "schedule", feesEstimated).
 *
 * Positions. One FIFO queue of lots per code (A-share old Beijing codes are the 920 code). A buy (an IPO fill too, at
 * the issue price) adds a lot costing its amount + its fees; bonus shares add a lot at zero cost; a sell or a
 * transfer out takes shares from the oldest lots. An ETF 份额合并/拆分 (share_adjust) rescales the lots to the new
 * share count, cost unchanged. 股份转入/托管转入 adds a lot of unknown cost (below) unless it is the listing of an
 * allotment.
 *
 * Unknown openings. Shares held before the file began are an unknown-cost lot, put first in the queue: the part of a
 * sell (or transfer out, or share reduction) beyond what is held; shares transferred in without an allotment; bonus
 * shares or a share increase while nothing is held; and the shares a believed share-balance column shows beyond what
 * the file bought (a column is believed when it is not 0 everywhere and moves by the row's quantity on most rows
 * of the code, see balances.ts). The trip containing such shares has openingUnknown and is not realised. A sell,
 * transfer out or reduction while nothing at all is held (and no balance left after it) makes no trip: its fill has
 * roundTrip null and unmatchedQuantity = its quantity. Each case is listed in `unknownOpenings` with a Chinese reason.
 *
 * Allotments. Allotment rows (配债 / 中签 / 缴款 / 扣款 / 回冲) of a subscription code form a group: quantity the
 * largest stated less the shares of refund rows (申购返款), cost the cash paid net of refunds; a share event on a
 * subscription code with an open group (中信's 托管转出 of 783158) belongs to the group. They are never fills nor
 * trips. The group joins its listing code: the first later IPO fill, 股份转入 or sell while nothing is held, of the
 * same exchange with the same quantity and the same first two characters of the name (豪美发债 → 豪美转债; a row named
 * only 新增证券, or by its code, matches on quantity and exchange). An IPO fill already costs the issue price, so the group is only consumed; a transfer in
 * or a sell gets a lot at the group's cost (added to the trip's buyAmount and quantity). Groups that never join are
 * listed in `pendingAllotments`.
 *
 * Round trips. A trip opens when a position leaves zero and closes when it returns to zero; every fill in between
 * belongs to it. quantity = shares that entered (bought, bonus, allotted, unknown-opening); fees = every fee of its
 * fills; dividends are the events of that code dated within [openDate, closeDate] (an open trip: from openDate on; a
 * date shared by a closing and a re-opening trip goes to the earlier trip). Dividend tax (deducted when the shares
 * are sold, often days later) goes to the trip that held the shares at the latest dividend of the code on or before
 * the tax date, else the trip holding on the tax date, else the latest trip of the code closed on or before it.
 * pnl = sellAmount − buyAmount − fees + dividends − dividendTax. status: "open" while shares are held (pnl is only
 * the cash so far, never a result), "transferred" when a transfer out took part (no sale price: no P&L),
 * "closed" otherwise; realized = closed and not openingUnknown. Trips are listed in the order they opened.
 *
 * Unmatched. Dividends outside every holding period, dividend tax with no trip of its code, and transfers out are
 * listed in `unmatched`.
 *
 * Holding days. calendar.daysBetween(openDate, closeDate): trading days after the open up to and including the
 * close (0 = closed on the day it opened, 当日); an open trip counts to `asOf`, else to the last fill date (the last
 * share event's date in a file without fills).
 *
 * Summary (per market). Counts and ratios are over realised trips: roundTrips = realised trips; winRate = wins /
 * realised (NaN with none); profitFactor = won / |lost| (Infinity with wins and no loss, NaN with neither); avgWin =
 * won / wins and avgLoss = lost / losses (a negative number), both NaN without such trips and rounded to the fen;
 * avgHoldingDays unrounded (NaN with none); totalFees and turnover over every fill of the market (unmatched ones
 * included); openPositions = open trips of the market. Streaks use realised trips in close order (close date, close
 * time, open date, open order); a trip with pnl 0 is neither a win nor a loss and ends both streaks.
 *
 * Views (A-shares). monthly: by close month, months with a realised trip only; perStock: every code with a fill,
 * realised pnl of its realised trips, fees and turnover of all its fills, best pnl first; holding: the seven
 * buckets, realised trips; style.entries and style.timeOfDay: trade buys (IPO fills are not entries);
 * style.boards: realised trips and trade buys per board; equityCurve: realised pnl accumulated by close date.
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
  /** also answer `positionHistory`: what was held at the end of each day a position changed */
  positionHistory?: boolean;
}

/** A position as it stood at the end of `date` (quantity 0: it was closed that day). */
export interface PositionSnapshot extends Omit<OpenPosition, "roundTrip"> {
  date: string;
}

export interface AnalysedFill extends Omit<Fill, "fees"> {
  /** canonical code (old Beijing codes as 920xxx; 港股通 codes as written) */
  code: string;
  /** the code as the statement wrote it */
  originalCode: string;
  /** as read or derived, or estimated by trade date when the file had none (feeBasis "schedule", `feesEstimated`) */
  fees: FillFees;
  /** commission + stampDuty + transferFee + other, in the fill's currency */
  feeTotal: number;
  board: Board;
  /** index into `roundTrips`; null when the fill is in no trip (a sell while nothing was held) */
  roundTrip: number | null;
  /** shares of a sell in no trip (sold while nothing was held, listed in `unknownOpenings`); 0 otherwise */
  unmatchedQuantity: number;
  /** previous close from the bars, for buys; null without bars or for sells */
  prevClose: number | null;
  /** style of an A-share trade buy; null for sells, IPO fills and 港股通 */
  style: StyleTag | null;
}

export interface UnmatchedItem {
  line: number;
  date: string;
  code: string;
  /** Chinese, e.g. "红利入账 12.30 元不在该股任何持仓期内：未计入回合盈亏" */
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
  /** realised round trips */
  roundTrips: number;
  wins: number;
  /** realised: Σ pnl of realised trips */
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
  /** realised round trips */
  roundTrips: number;
  wins: number;
  pnl: number;
  /** trade buys (entries) on the board */
  buys: number;
}

export interface StyleView {
  /** A-share trade buys by style (IPO fills are not entries) */
  entries: Record<StyleTag, number>;
  /** A-share trade buys by time of day */
  timeOfDay: { label: TimeOfDayBucket; count: number }[];
  boards: BoardRow[];
}

export interface OpenPosition {
  code: string;
  exchange: Exchange;
  market: Market;
  name: string;
  quantity: number;
  /** FIFO cost of the shares still held whose cost is known, fees included (bonus shares at zero) */
  cost: number;
  /** shares still held that were there before the file began (cost unknown); 0 when every cost is known */
  unknownQuantity: number;
  /** the trip took in shares of unknown cost */
  openingUnknown: boolean;
  openDate: string;
  /** index into `roundTrips` */
  roundTrip: number;
}

/** the 港股通 figures, apart from the A-share ones */
export interface MarketView {
  summary: AnalysisSummary;
  perStock: PerStockRow[];
  /** currency of the amounts (CNY when the file converted them at its 汇率) */
  currency: Currency;
}

export interface StatementAnalysis {
  fills: AnalysedFill[];
  /** events in time order, codes canonical */
  events: StatementEvent[];
  /** every trip of both markets and all statuses, in open order */
  roundTrips: RoundTrip[];
  /** A-share figures over realised trips */
  summary: AnalysisSummary;
  monthly: MonthlyRow[];
  perStock: PerStockRow[];
  holding: HoldingRow[];
  style: StyleView;
  /** 港股通 figures; null when the file has no 港股通 fill */
  hk: MarketView | null;
  /** positions still held, both markets */
  openPositions: OpenPosition[];
  unknownOpenings: UnknownOpening[];
  pendingAllotments: PendingAllotment[];
  unmatched: UnmatchedItem[];
  /** A-share realised P&L accumulated by close date, one point per date with a realised trip */
  equityCurve: { date: string; cumulativePnl: number }[];
  /** with `options.positionHistory`: each position at the end of every day it changed, in date order */
  positionHistory?: PositionSnapshot[];
}

const FEE_BASIS_BITS: Record<FeeBasis, number> = { file: 1, derived: 2, schedule: 4 };

function feeBasisOf(bits: number): FeeBasis | "mixed" {
  if (bits === FEE_BASIS_BITS.derived) return "derived";
  if (bits === FEE_BASIS_BITS.schedule) return "schedule";
  if (bits === 0 || bits === FEE_BASIS_BITS.file) return "file";
  return "mixed";
}

interface TripState {
  index: number;
  code: string;
  exchange: Exchange;
  market: Market;
  name: string;
  openDate: string;
  closeDate: string | null;
  closeTime: string | null;
  quantity: number;
  buyFen: number;
  sellFen: number;
  feeFen: number;
  dividendFen: number;
  taxFen: number;
  fillIndexes: number[];
  feesEstimated: boolean;
  feeBasisBits: number;
  openingUnknown: boolean;
  transferred: boolean;
}

interface Position {
  quantity: number;
  /** FIFO lots as parallel queues from `head`: shares, cost in fen (fees included), cost unknown */
  lotQty: number[];
  lotCost: number[];
  lotUnknown: boolean[];
  head: number;
  trip: TripState | null;
  trips: TripState[];
  lastName: string;
  exchange: Exchange;
  market: Market;
}

const POSITION_EVENTS = new Set<StatementEvent["kind"]>(["bonus_shares", "shares_in", "shares_out", "share_adjust", "allotment"]);

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

/** the market of a row: as the reader said, else 港股通 by exchange (rows stored before issue 21) */
function marketOf(row: { market?: Market | null; exchange?: Exchange | null }): Market {
  return row.market ?? (row.exchange === "HK" ? "HK" : "A");
}

interface BarIndex {
  dates: string[];
  closes: number[];
}

const UNKNOWN_COST = "导入前已持有，成本未知，该回合不计入已实现盈亏";

export function analyzeStatement(
  input: { fills: readonly Fill[]; events: readonly StatementEvent[] },
  options: AnalysisOptions = {},
): StatementAnalysis {
  const calendar = options.calendar ?? defaultCalendar;
  const canonicalCache = new Map<string, string>();
  const canonical = (code: string, market: Market): string => {
    if (market === "HK") return code;
    let c = canonicalCache.get(code);
    if (c === undefined) {
      c = canonicalCode(code);
      canonicalCache.set(code, c);
    }
    return c;
  };
  const boardCache = new Map<string, Board>();
  const boardFor = (code: string, market: Market): Board => {
    if (market === "HK") return "other";
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
  const rawMarkets = rawFills.map(marketOf);
  const rawCodes = rawFills.map((f, i) => canonical(f.code, rawMarkets[i]!));
  const fillOrder = timeOrder(rawFills, rawCodes);
  const n = rawFills.length;
  const fills: AnalysedFill[] = new Array<AnalysedFill>(n);
  const feeFen = new Float64Array(n);
  const amountFen = new Float64Array(n);
  let lastFillDate = "";
  for (let i = 0; i < n; i++) {
    const src = rawFills[fillOrder[i]!]!;
    const code = rawCodes[fillOrder[i]!]!;
    const market = rawMarkets[fillOrder[i]!]!;
    let fees = src.fees;
    let feesEstimated = src.feesEstimated;
    let feeBasis: FeeBasis = src.feeBasis ?? "file";
    if (fees === null) {
      fees = src.amount > 0 && market === "A" ? estimateFees(src.side, src.amount, src.date) : ZERO_FEES;
      feesEstimated = true;
      feeBasis = "schedule";
    }
    const fen = feeFenOf(fees);
    feeFen[i] = fen;
    amountFen[i] = toFen(src.amount);
    if (src.date > lastFillDate) lastFillDate = src.date;
    const isTradeBuy = src.side === "buy" && src.kind === "trade" && market === "A";
    const prevClose = src.side === "buy" && market === "A" ? prevCloseOf(code, src.date) : null;
    const currency = src.currency ?? "CNY";
    // an explicit literal (not a spread): one compact shape for 100,000 fills
    fills[i] = {
      line: src.line,
      date: src.date,
      time: src.time,
      code,
      exchange: src.exchange,
      market,
      name: src.name,
      side: src.side,
      quantity: src.quantity,
      price: src.price,
      priceCurrency: src.priceCurrency ?? currency,
      amount: src.amount,
      amountStated: src.amountStated ?? false,
      currency,
      fxRate: src.fxRate ?? null,
      fees,
      feeBasis,
      feesEstimated,
      shareBalance: src.shareBalance ?? null,
      netAmount: src.netAmount,
      balance: src.balance,
      kind: src.kind,
      raw: src.raw,
      originalCode: src.code,
      feeTotal: fenToYuan(fen),
      board: boardFor(code, market),
      roundTrip: null,
      unmatchedQuantity: 0,
      prevClose,
      style: isTradeBuy ? styleOf(code, src.date, src.name, src.price, prevClose) : null,
    };
  }

  // ---- events in time order, codes canonical
  const rawEvents = input.events;
  const eventCodes = rawEvents.map((e) => (e.code === null ? "" : canonical(e.code, marketOf(e))));
  const events: StatementEvent[] = timeOrder(rawEvents, eventCodes).map((i) => {
    const e = rawEvents[i]!;
    const withMarket = { ...e, market: e.market === undefined ? (e.code === null ? null : marketOf(e)) : e.market, shareBalance: e.shareBalance ?? null };
    return e.code === null ? withMarket : { ...withMarket, code: eventCodes[i]! };
  });
  // shares arriving (and allotment rows) are booked at the start of their day, shares leaving at its end
  const isEvening = (e: StatementEvent) => e.kind !== "allotment" && eventDelta(e) < 0;
  const positionEvents = events
    .filter((e) => e.code !== null && POSITION_EVENTS.has(e.kind) && (e.quantity !== 0 || e.kind === "allotment"))
    .map((e, i) => ({ e, i, evening: isEvening(e) }))
    .sort((x, y) => (x.e.date !== y.e.date ? (x.e.date < y.e.date ? -1 : 1) : Number(x.evening) - Number(y.evening) || x.i - y.i))
    .map((x) => x.e);
  /** the event comes before a fill dated `date` */
  const before = (e: StatementEvent, date: string) => e.date < date || (e.date === date && !isEvening(e));

  // ---- which share-balance columns can be believed (same order as the main walk: a date's events first)
  const balanceTrust = new BalanceTrust();
  const anyBalance = fills.some((f) => f.shareBalance) || positionEvents.some((e) => e.shareBalance);
  if (anyBalance) {
    let ev = 0;
    const addEvent = (e: StatementEvent) => {
      if (e.kind !== "allotment") balanceTrust.add(e.code!, eventDelta(e), e.shareBalance);
    };
    for (const f of fills) {
      while (ev < positionEvents.length && before(positionEvents[ev]!, f.date)) addEvent(positionEvents[ev++]!);
      balanceTrust.add(f.code, f.side === "buy" ? f.quantity : -f.quantity, f.shareBalance);
    }
    while (ev < positionEvents.length) addEvent(positionEvents[ev++]!);
  }
  const trustedBalance = balanceTrust.trusted();

  // ---- positions and round trips
  const positions = new Map<string, Position>();
  const trips: TripState[] = [];
  const unmatched: UnmatchedItem[] = [];
  const unknownOpenings: UnknownOpening[] = [];
  const allotments = new Allotments();
  const positionOf = (code: string, exchange: Exchange, market: Market, name: string): Position => {
    let p = positions.get(code);
    if (p === undefined) {
      p = { quantity: 0, lotQty: [], lotCost: [], lotUnknown: [], head: 0, trip: null, trips: [], lastName: name, exchange, market };
      positions.set(code, p);
    }
    return p;
  };
  const openTrip = (p: Position, code: string, name: string, date: string): TripState => {
    if (p.trip !== null) return p.trip;
    const t: TripState = {
      index: trips.length,
      code,
      exchange: p.exchange,
      market: p.market,
      name: options.names?.(code) ?? name,
      openDate: date,
      closeDate: null,
      closeTime: null,
      quantity: 0,
      buyFen: 0,
      sellFen: 0,
      feeFen: 0,
      dividendFen: 0,
      taxFen: 0,
      fillIndexes: [],
      feesEstimated: false,
      feeBasisBits: 0,
      openingUnknown: false,
      transferred: false,
    };
    p.trip = t;
    trips.push(t);
    p.trips.push(t);
    return t;
  };
  const addLot = (p: Position, quantity: number, costFen: number, unknown: boolean): void => {
    if (unknown) {
      // held before the file began: older than every lot
      if (p.head > 0) {
        p.head--;
        p.lotQty[p.head] = quantity;
        p.lotCost[p.head] = 0;
        p.lotUnknown[p.head] = true;
      } else {
        p.lotQty.unshift(quantity);
        p.lotCost.unshift(0);
        p.lotUnknown.unshift(true);
      }
    } else {
      p.lotQty.push(quantity);
      p.lotCost.push(costFen);
      p.lotUnknown.push(false);
    }
    p.quantity += quantity;
  };
  /** shares of unknown cost held before the file began, found on the row at `line` */
  const addUnknown = (p: Position, code: string, name: string, quantity: number, row: { line: number; date: string }, reason: string): void => {
    const t = openTrip(p, code, name, row.date);
    t.openingUnknown = true;
    t.quantity += quantity;
    addLot(p, quantity, 0, true);
    unknownOpenings.push({ code, exchange: p.exchange, market: p.market, name, quantity, line: row.line, date: row.date, reason });
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
      p.lotUnknown = p.lotUnknown.slice(p.head);
      p.head = 0;
    }
    p.quantity -= quantity;
  };
  /**
   * ETF 份额合并/拆分: every lot rescaled to the new share count, cost unchanged; shares rounded down, the last lot
   * takes the remainder (so no lot goes negative)
   */
  const rescaleLots = (p: Position, newQuantity: number): void => {
    const old = p.quantity;
    let given = 0;
    for (let i = p.head; i < p.lotQty.length; i++) {
      const q = i === p.lotQty.length - 1 ? newQuantity - given : Math.floor((p.lotQty[i]! * newQuantity) / old);
      p.lotQty[i] = q;
      given += q;
    }
    p.quantity = newQuantity;
  };
  const closeIfFlat = (p: Position, date: string, time: string | null): void => {
    if (p.quantity === 0 && p.trip !== null) {
      p.trip.closeDate = date;
      p.trip.closeTime = time;
      p.trip = null;
      p.lotQty.length = 0;
      p.lotCost.length = 0;
      p.lotUnknown.length = 0;
      p.head = 0;
    }
  };
  /** the shares a believed balance column says were held before a row that moves `delta` and leaves `balance` */
  const checkBalance = (p: Position, code: string, name: string, delta: number, balance: number | null, row: { line: number; date: string }): void => {
    if (balance === null || !trustedBalance.has(code)) return;
    // nothing left after shares leave: the rule for a sale beyond the position says it (and a sale while nothing is
    // held makes no trip)
    if (delta < 0 && balance === 0) return;
    const before = balance - delta;
    if (before <= p.quantity) return;
    const extra = before - p.quantity;
    addUnknown(
      p, code, name, extra, row,
      `股份余额 ${balance} 股，按导入的记录应为 ${Math.max(0, p.quantity + delta)} 股：${extra} 股${UNKNOWN_COST}`,
    );
  };

  // ---- position history: the touched positions as they stand when the walk moves past their day
  const history: PositionSnapshot[] | null = options.positionHistory ? [] : null;
  const touched = new Set<string>();
  let historyDate = "";
  const flushHistory = (): void => {
    for (const code of touched) {
      const p = positions.get(code);
      if (p === undefined) continue;
      let costFen = 0;
      let unknownQuantity = 0;
      for (let i = p.head; i < p.lotCost.length; i++) {
        if (p.lotUnknown[i]) unknownQuantity += p.lotQty[i]!;
        else costFen += p.lotCost[i]!;
      }
      const t = p.trip;
      history!.push({
        date: historyDate, code, exchange: p.exchange, market: p.market, name: t?.name ?? p.lastName, quantity: t === null ? 0 : p.quantity,
        cost: t === null ? 0 : fenToYuan(costFen), unknownQuantity: t === null ? 0 : unknownQuantity, openingUnknown: t?.openingUnknown ?? false,
        openDate: t?.openDate ?? historyDate,
      });
    }
    touched.clear();
  };
  const touch = (code: string, date: string): void => {
    if (history === null) return;
    if (date !== historyDate) {
      flushHistory();
      historyDate = date;
    }
    touched.add(code);
  };

  const applyEvent = (e: StatementEvent): void => {
    const code = e.code!;
    touch(code, e.date);
    // 中信 books 托管转出 of the subscription code when the bond lists: part of the allotment, not a position
    if (e.kind === "allotment" || (isSubscriptionCode(code) && allotments.has(code))) {
      allotments.add(e.kind === "allotment" ? e : { ...e, amount: 0 }, code);
      return;
    }
    const p = positionOf(code, e.exchange ?? "SZ", marketOf(e), e.name);
    // the business name as written, unless it only says 买 / 卖 (海通's 新增证券 row)
    const label = /^(买|卖|买入|卖出)?$/.test(e.raw.trim())
      ? { bonus_shares: "红股入账", shares_in: "股份转入", shares_out: "股份转出", share_adjust: "份额调整" }[e.kind as "bonus_shares"]
      : e.raw;
    const delta = eventDelta(e);
    if (e.kind === "shares_in") {
      const group = allotments.join(code, p.exchange, e.name, delta, e.date);
      if (group !== null) {
        const t = openTrip(p, code, e.name, e.date);
        t.quantity += delta;
        t.buyFen += group.costFen;
        addLot(p, delta, group.costFen, false);
        return;
      }
      checkBalance(p, code, e.name, delta, e.shareBalance, e);
      addUnknown(p, code, e.name, delta, e, `${label} ${delta} 股：成本未知，该回合不计入已实现盈亏`);
      return;
    }
    if (delta > 0) {
      // bonus shares or a share increase. No balance check here: it is booked at the start of its day, while its
      // balance was written after the day's earlier rows in the file; the next fill's balance catches a real gap.
      if (p.quantity === 0) {
        addUnknown(p, code, e.name, delta, e, `${label} ${delta} 股时没有持仓：${UNKNOWN_COST}`);
        return;
      }
      if (e.kind === "share_adjust") rescaleLots(p, p.quantity + delta);
      else {
        addLot(p, delta, 0, false);
        p.trip!.quantity += delta;
      }
      return;
    }
    // shares leaving: 股份转出 / 托管转出, or a share reduction
    const out = -delta;
    checkBalance(p, code, e.name, delta, e.shareBalance, e);
    if (p.quantity === 0) {
      unknownOpenings.push({
        code, exchange: p.exchange, market: p.market, name: e.name, quantity: out, line: e.line, date: e.date,
        reason: `${label} ${out} 股时没有持仓：${UNKNOWN_COST.replace("该回合", "")}`,
      });
      return;
    }
    if (out > p.quantity) {
      const extra = out - p.quantity;
      addUnknown(p, code, e.name, extra, e, `${label} ${out} 股多于持仓 ${p.quantity} 股：其余 ${extra} 股${UNKNOWN_COST}`);
    }
    const t = p.trip!;
    if (e.kind === "share_adjust") {
      if (out < p.quantity) {
        rescaleLots(p, p.quantity - out);
        return;
      }
      takeLots(p, out);
    } else {
      t.transferred = true;
      takeLots(p, out);
      unmatched.push({ line: e.line, date: e.date, code, reason: `${label} ${out} 股没有卖出价格：该回合记为已转出，不计入已实现盈亏` });
    }
    closeIfFlat(p, e.date, e.time);
  };

  let ev = 0;
  for (let i = 0; i < n; i++) {
    const f = fills[i]!;
    while (ev < positionEvents.length && before(positionEvents[ev]!, f.date)) applyEvent(positionEvents[ev++]!);
    touch(f.code, f.date);
    const p = positionOf(f.code, f.exchange, f.market, f.name);
    p.lastName = f.name;
    // a trip opened by a 新增证券 row takes the security's name from its first fill
    if (p.trip !== null && !options.names && isStandInName(p.trip.name) && !isStandInName(f.name)) p.trip.name = f.name;
    if (f.side === "buy") {
      if (f.kind === "ipo") allotments.join(f.code, f.exchange, f.name, f.quantity, f.date);
      checkBalance(p, f.code, f.name, f.quantity, f.shareBalance, f);
      const t = openTrip(p, f.code, f.name, f.date);
      t.quantity += f.quantity;
      t.buyFen += amountFen[i]!;
      t.feeFen += feeFen[i]!;
      t.fillIndexes.push(i);
      t.feesEstimated ||= f.feesEstimated;
      t.feeBasisBits |= FEE_BASIS_BITS[f.feeBasis];
      addLot(p, f.quantity, amountFen[i]! + feeFen[i]!, false);
      f.roundTrip = t.index;
      continue;
    }
    if (p.quantity === 0) {
      const group = allotments.join(f.code, f.exchange, f.name, f.quantity, f.date);
      if (group !== null) {
        const t = openTrip(p, f.code, f.name, f.date);
        t.quantity += f.quantity;
        t.buyFen += group.costFen;
        addLot(p, f.quantity, group.costFen, false);
      }
    }
    checkBalance(p, f.code, f.name, -f.quantity, f.shareBalance, f);
    if (p.quantity === 0) {
      f.unmatchedQuantity = f.quantity;
      unknownOpenings.push({
        code: f.code, exchange: f.exchange, market: f.market, name: f.name, quantity: f.quantity, line: f.line, date: f.date,
        reason: `卖出 ${f.quantity} 股时没有买入记录：导入前已持有，成本未知，不计入已实现盈亏`,
      });
      continue;
    }
    if (f.quantity > p.quantity) {
      const extra = f.quantity - p.quantity;
      addUnknown(p, f.code, f.name, extra, f, `卖出 ${f.quantity} 股多于持仓 ${p.quantity} 股：其余 ${extra} 股${UNKNOWN_COST}`);
    }
    const t = p.trip!;
    t.sellFen += amountFen[i]!;
    t.feeFen += feeFen[i]!;
    t.fillIndexes.push(i);
    t.feesEstimated ||= f.feesEstimated;
    t.feeBasisBits |= FEE_BASIS_BITS[f.feeBasis];
    f.roundTrip = t.index;
    takeLots(p, f.quantity);
    closeIfFlat(p, f.date, f.time);
  }
  while (ev < positionEvents.length) applyEvent(positionEvents[ev++]!);
  if (history !== null) flushHistory();

  // ---- dividends and dividend tax
  /** the trip of `list` holding the stock on `date`: the first whose close is on or after it, if open by then */
  const holdingOn = (list: readonly TripState[], date: string): TripState | undefined => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const close = list[mid]!.closeDate;
      if (close !== null && close < date) lo = mid + 1;
      else hi = mid;
    }
    const trip = list[lo];
    return trip === undefined || trip.openDate > date ? undefined : trip;
  };
  const lastDividendDate = new Map<string, string>();
  for (const e of events) {
    if ((e.kind !== "dividend" && e.kind !== "dividend_tax") || e.code === null || e.amount === 0) continue;
    const list = positions.get(e.code)?.trips ?? [];
    const fen = toFen(e.amount);
    let trip: TripState | undefined;
    if (e.kind === "dividend") {
      lastDividendDate.set(e.code, e.date);
      trip = holdingOn(list, e.date);
    } else {
      const dividendDate = lastDividendDate.get(e.code);
      trip = (dividendDate === undefined ? undefined : holdingOn(list, dividendDate)) ?? holdingOn(list, e.date);
      if (trip === undefined) {
        for (let k = list.length - 1; k >= 0; k--) {
          const close = list[k]!.closeDate;
          if (close !== null && close <= e.date) {
            trip = list[k];
            break;
          }
        }
      }
    }
    if (trip === undefined) {
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
  // a trip may open on a share event (股份转入 …) in a file without fills
  const lastEventDate = positionEvents.reduce((max, e) => (e.date > max ? e.date : max), "");
  const endDate = options.asOf ?? (lastFillDate || lastEventDate);
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
    const pnlFen = t.sellFen - t.buyFen - t.feeFen + t.dividendFen - t.taxFen;
    const to = t.closeDate ?? endDate;
    const holdingDays = to > t.openDate ? ordinal(to) - ordinal(t.openDate) : 0;
    tripPnlFen.push(pnlFen);
    tripHolding.push(holdingDays);
    const status: RoundTrip["status"] = t.closeDate === null ? "open" : t.transferred ? "transferred" : "closed";
    return {
      code: t.code,
      exchange: t.exchange,
      market: t.market,
      name: t.name,
      status,
      openingUnknown: t.openingUnknown,
      realized: status === "closed" && !t.openingUnknown,
      openDate: t.openDate,
      closeDate: t.closeDate,
      quantity: t.quantity,
      buyAmount: fenToYuan(t.buyFen),
      sellAmount: fenToYuan(t.sellFen),
      fees: fenToYuan(t.feeFen),
      dividends: fenToYuan(t.dividendFen),
      dividendTax: fenToYuan(t.taxFen),
      pnl: fenToYuan(pnlFen),
      holdingDays,
      fillIndexes: t.fillIndexes,
      feesEstimated: t.feesEstimated,
      feeBasis: feeBasisOf(t.feeBasisBits),
    };
  });

  const nameOf = (code: string): string => options.names?.(code) ?? positions.get(code)?.lastName ?? "";
  const a = marketFigures("A", trips, roundTrips, tripPnlFen, tripHolding, fills, feeFen, amountFen, nameOf);
  const hasHk = fills.some((f) => f.market === "HK");
  const hk = hasHk ? marketFigures("HK", trips, roundTrips, tripPnlFen, tripHolding, fills, feeFen, amountFen, nameOf) : null;

  const openPositions: OpenPosition[] = trips
    .filter((t) => t.closeDate === null)
    .map((t) => {
      const p = positions.get(t.code)!;
      let costFen = 0;
      let unknownQuantity = 0;
      for (let i = p.head; i < p.lotCost.length; i++) {
        if (p.lotUnknown[i]) unknownQuantity += p.lotQty[i]!;
        else costFen += p.lotCost[i]!;
      }
      return {
        code: t.code,
        exchange: t.exchange,
        market: t.market,
        name: nameOf(t.code),
        quantity: p.quantity,
        cost: fenToYuan(costFen),
        unknownQuantity,
        openingUnknown: t.openingUnknown,
        openDate: t.openDate,
        roundTrip: t.index,
      };
    });

  const byDate = <T extends { date: string }>(a: T, b: T) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
  unmatched.sort(byDate);
  unknownOpenings.sort(byDate);

  return {
    fills,
    events,
    roundTrips,
    summary: a.summary,
    monthly: a.monthly,
    perStock: a.perStock,
    holding: a.holding,
    style: a.style,
    hk: hk === null ? null : { summary: hk.summary, perStock: hk.perStock, currency: fills.find((f) => f.market === "HK")!.currency },
    openPositions,
    ...(history === null ? {} : { positionHistory: history }),
    unknownOpenings,
    pendingAllotments: allotments.pending().map((g) => ({
      code: g.code, exchange: g.exchange, name: g.name, quantity: g.quantity, cost: fenToYuan(g.costFen), date: g.date, line: g.line,
    })),
    unmatched,
    equityCurve: a.equityCurve,
  };
}

/** the summary and views of one market: realised trips for results, every fill of the market for fees and turnover */
function marketFigures(
  market: Market,
  trips: readonly TripState[],
  roundTrips: readonly RoundTrip[],
  tripPnlFen: readonly number[],
  tripHolding: readonly number[],
  fills: readonly AnalysedFill[],
  feeFen: Float64Array,
  amountFen: Float64Array,
  nameOf: (code: string) => string,
) {
  // realised trips in close order
  const closeKeys: string[] = new Array<string>(trips.length);
  const realized: TripState[] = [];
  let open = 0;
  for (const t of trips) {
    if (t.market !== market) continue;
    if (t.closeDate === null) open++;
    if (!roundTrips[t.index]!.realized) continue;
    closeKeys[t.index] = `${t.closeDate}|${t.closeTime ?? ""}|${t.openDate}`;
    realized.push(t);
  }
  realized.sort((a, b) => {
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

  for (const t of realized) {
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

    const b = boardRows.get(market === "A" ? boardOf(t.code) : "other")!;
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
  for (let i = 0; i < fills.length; i++) {
    const f = fills[i]!;
    if (f.market !== market) continue;
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

  const count = realized.length;
  const summary: AnalysisSummary = {
    realizedPnl: fenToYuan(realizedFen),
    totalFees: fenToYuan(totalFeeFen),
    roundTrips: count,
    wins,
    losses,
    winRate: count === 0 ? NaN : wins / count,
    profitFactor: lostFen !== 0 ? wonFen / -lostFen : wonFen > 0 ? Infinity : NaN,
    avgHoldingDays: count === 0 ? NaN : holdingSum / count,
    maxConsecutiveWins: maxWins,
    maxConsecutiveLosses: maxLosses,
    avgWin: wins === 0 ? NaN : roundMoney(fenToYuan(wonFen) / wins),
    avgLoss: losses === 0 ? NaN : roundMoney(fenToYuan(lostFen) / losses),
    turnover: fenToYuan(turnoverFen),
    openPositions: open,
  };

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

  return {
    summary,
    perStock,
    monthly: [...monthly.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, m]) => ({ month, pnl: fenToYuan(m.pnlFen), roundTrips: m.roundTrips, wins: m.wins })),
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
    } satisfies StyleView,
    equityCurve,
  };
}
