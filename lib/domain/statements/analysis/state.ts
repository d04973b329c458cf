import type { TradingCalendar } from "@/lib/domain/market/calendar";
import type { Exchange, Market } from "@/lib/domain/market/types";
import type { FeeBasis, StatementEvent, UnknownOpening } from "@/lib/domain/statements/types";
import type { Allotments } from "./allotments";
import type { AnalysedFill, AnalysisOptions, PositionSnapshot, UnmatchedItem } from "./types";

/**
 * The state the phases of analyzeStatement share (ADR 0058). Phase 1 (prepare) writes the ordered fills, their fen
 * figures and the events; phase 2 (trust) the codes whose share balance is believed; phase 3 (walk) the positions,
 * trips, unmatched items, unknown openings, allotments and history; phase 4 (dividends) the trips' dividends; phase 5
 * (figures) reads it all.
 */

export const FEE_BASIS_BITS: Record<FeeBasis, number> = { file: 1, derived: 2, schedule: 4 };

export const UNKNOWN_COST = "导入前已持有，成本未知，该回合不计入已实现盈亏";

export interface TripState {
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

export interface Position {
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

/** The fills in time order, with their fen figures in parallel arrays (no object per fill beyond the fill). */
export interface PreparedFills {
  fills: AnalysedFill[];
  feeFen: Float64Array;
  amountFen: Float64Array;
  lastFillDate: string;
}

export interface PreparedEvents {
  /** every event in time order, codes canonical */
  events: StatementEvent[];
  /** events that move shares, in walk order (a date's arrivals before its fills, departures after) */
  positionEvents: StatementEvent[];
}

/** The end-of-day snapshots of touched positions (options.positionHistory). */
export interface History {
  snapshots: PositionSnapshot[];
  touched: Set<string>;
  date: string;
}

export interface AnalysisState extends PreparedFills, PreparedEvents {
  readonly options: AnalysisOptions;
  readonly calendar: TradingCalendar;
  /** codes whose share-balance column is believed */
  readonly trustedBalance: ReadonlySet<string>;
  readonly positions: Map<string, Position>;
  /** in open order; a trip's index is its place here */
  readonly trips: TripState[];
  readonly unmatched: UnmatchedItem[];
  readonly unknownOpenings: UnknownOpening[];
  readonly allotments: Allotments;
  readonly history: History | null;
}
