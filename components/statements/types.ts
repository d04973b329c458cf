/**
 * JSON-safe props of the statement views, shaped after lib/domain/statements/types.ts. The domain objects themselves
 * fit (AnalysisSummary and RoundTrip are assignable); over HTTP, JSON turns NaN and Infinity into null, which these
 * types allow and the views show as "—" / "∞" (the counts decide).
 */
import type { Board, Currency, Exchange, Market } from "@/lib/domain/market/types";
import type { FeeBasis, Fill, FillFees, RoundTrip } from "@/lib/domain/statements/types";

/** A figure that JSON may carry as null or as "NaN" / "Infinity" (lib/domain/statements/dto.ts). */
export type LooseNumber = number | string | null;

/**
 * The summary figures the views show. AnalysisSummary fits, and so does the API's SummaryJson (which lacks the
 * averages, turnover and open positions: those cards are left out then).
 */
export interface AnalysisSummaryJson {
  realizedPnl: number;
  totalFees: number;
  roundTrips: number;
  wins: number;
  losses: number;
  winRate: LooseNumber;
  profitFactor: LooseNumber;
  avgHoldingDays: LooseNumber;
  maxConsecutiveWins: number;
  maxConsecutiveLosses: number;
  avgWin?: number;
  avgLoss?: number;
  turnover?: number;
  openPositions?: number;
}

/** A round trip as the views need it: RoundTrip fits, and so does the API's slimmer RoundTripJson. */
export type RoundTripJson = Pick<
  RoundTrip,
  "code" | "name" | "openDate" | "closeDate" | "quantity" | "buyAmount" | "sellAmount" | "fees" | "pnl" | "holdingDays"
> & {
  exchange?: Exchange;
  dividends?: number;
  dividendTax?: number;
  fillIndexes?: number[];
  feesEstimated?: boolean;
  /** absent: an A-share trip */
  market?: Market;
  /** absent: closed when it has a close date, open otherwise */
  status?: RoundTrip["status"];
  openingUnknown?: boolean;
  realized?: boolean;
  feeBasis?: FeeBasis | "mixed";
};

/** How a trip's P&L cell reads: a realised P&L, or why there is none. */
export type TripState = "realized" | "open" | "transferred" | "opening_unknown";

export function tripState(trip: RoundTripJson): TripState {
  const status = trip.status ?? (trip.closeDate === null ? "open" : "closed");
  if (status === "open") return "open";
  if (status === "transferred") return "transferred";
  if (trip.openingUnknown) return "opening_unknown";
  return "realized";
}

export type { MonthlyRow, PerStockRow } from "@/lib/domain/statements/analysis";

export interface HoldingBucket {
  /** e.g. "1天", "2–3天", "4–10天", "10天以上" */
  bucket: string;
  count: number;
  pnl: number;
}

export interface StyleMixData {
  /** entry kind → count: the analysis' Chinese tags (打板/追涨/半路/低吸/未知) or ids daban/zhuizhang/banlu/dixi/other */
  entries: Record<string, number>;
  timeOfDay: { bucket: string; count: number }[];
  boards: { board: Board | string; count: number; pnl: number }[];
}

export type FillRow = Pick<Fill, "date" | "time" | "code" | "name" | "side" | "quantity" | "price" | "amount"> & {
  /** the fee columns, or their total, or null when unknown */
  fees: FillFees | number | null;
  exchange?: Exchange;
  market?: Market;
  /** currency of amount and fees; CNY when absent */
  currency?: Currency;
  feesEstimated?: boolean;
  feeBasis?: FeeBasis;
  kind?: Fill["kind"];
  /** 交割单体检: the rules this fill fails, with their reasons (docs/adr/0079) */
  auditFailures?: { rule: string; message: string }[];
  /** 打法 (docs/adr/0080), with what daily bars cannot tell of it */
  play?: { text: string; caveat: string | null } | null;
};

/** The 港股通 figures, apart from the A-share ones (the analysis' `hk`). */
export interface HkView {
  summary: AnalysisSummaryJson;
  perStock: import("@/lib/domain/statements/analysis").PerStockRow[];
  /** the currency of its amounts: CNY when the file converted them at its 汇率 */
  currency: Currency;
}

export type Provenance =
  | { kind: "file"; fileName: string; fileHash: string; importedAt: string }
  | { kind: "editor" };
