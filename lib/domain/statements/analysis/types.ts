import type { TradingCalendar } from "@/lib/domain/market/calendar";
import type { Board, Currency, DailyBar, Exchange, Market } from "@/lib/domain/market/types";
import type { AnalysisSummary, Fill, FillFees, PendingAllotment, RoundTrip, StatementEvent, UnknownOpening } from "@/lib/domain/statements/types";
import type { HoldingBucket, StyleTag, TimeOfDayBucket } from "./style";

/** What analyzeStatement takes and answers. */

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
