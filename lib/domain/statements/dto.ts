import type { AnalysedFill, OpenPosition, StatementAnalysis } from "@/lib/domain/statements/analysis";
import { roundMoney, roundTo, toFen } from "@/lib/domain/statements/analysis/money";
import type {
  AnalysisSummary,
  FeeBasis,
  Fill,
  FillFees,
  ImportReport,
  PendingAllotment,
  RoundTrip,
  StatementEncoding,
  StatementEvent,
  StatementFormatId,
  UnknownOpening,
  UnreconciledFill,
} from "@/lib/domain/statements/types";
import type { Currency, Market } from "@/lib/domain/market/types";

/**
 * The JSON the CLI (`analyze --json`) and the API give for an analysed statement (ADR 0032). JSON has no NaN or
 * Infinity, so those are written as the strings "NaN", "Infinity" and "-Infinity". Amounts are rounded to 0.01 in
 * their currency, prices to 0.001; the ratios (win rate, profit factor, average holding days) are not rounded.
 * A-share figures (`roundTrips`, `openPositions`, `summary`) and 港股通 ones (`hk`) are apart. A trip's `pnl` is null
 * unless it is realised (closed, every cost known); an open position is never a trip and never has a P&L. Every
 * figure can be redone by hand from the listed fills.
 */
export type JsonNumber = number | "NaN" | "Infinity" | "-Infinity";

/**
 * A fill as the JSON gives it: the reader's `Fill` with fees always stated (read, derived or estimated) and three
 * figures worked out: `symbol` ("600519.SH", "00700.HK"), `feeTotal`, and `reconciled` (amount ± fees = |netAmount|
 * to the fen: true / false when the fill has read or derived fees and a net cash; null otherwise). `code` is the
 * canonical code (old Beijing codes as 920xxx).
 */
export type FillJson = Omit<Fill, "fees"> & {
  symbol: string;
  fees: FillFees;
  feeTotal: number;
  reconciled: boolean | null;
};

export type EventJson = StatementEvent;

/** a closed or transferred trip (open positions are listed apart); `pnl` is null unless `realized` */
export type RoundTripJson = Pick<
  RoundTrip,
  | "code" | "name" | "openDate" | "closeDate" | "quantity" | "buyAmount" | "sellAmount" | "fees" | "holdingDays" | "market"
  | "exchange" | "status" | "openingUnknown" | "realized" | "dividends" | "dividendTax" | "feeBasis"
> & { pnl: number | null };

/** `cost`: FIFO cost of the shares held, fees included; null when some were held before the file (cost unknown) */
export type OpenPositionJson = Pick<OpenPosition, "code" | "name" | "market" | "exchange" | "quantity" | "openDate" | "openingUnknown"> & {
  cost: number | null;
  status: "open";
  /** never a P&L while held */
  pnl: null;
};

/** the summary's ratios, which may be NaN or infinite */
type RatioFigure = "winRate" | "profitFactor" | "avgHoldingDays" | "avgWin" | "avgLoss";

export type SummaryJson = Omit<AnalysisSummary, RatioFigure> & Record<RatioFigure, JsonNumber>;

/** the 港股通 part: the same shapes as the A-share one, amounts in `currency` */
export interface MarketJson {
  label: string;
  currency: Currency;
  roundTrips: RoundTripJson[];
  openPositions: OpenPositionJson[];
  summary: SummaryJson;
}

export interface AnalysisJson {
  /** null when the analysis did not come from a file read now */
  format: StatementFormatId | null;
  encoding: StatementEncoding | null;
  fills: FillJson[];
  events: EventJson[];
  skipped: { line: number; reason: string }[];
  /** A-share trips that are not open: closed and transferred */
  roundTrips: RoundTripJson[];
  /** A-share summary over realised trips */
  summary: SummaryJson;
  /** A-share positions still held */
  openPositions: OpenPositionJson[];
  hk: MarketJson | null;
  unknownOpenings: UnknownOpening[];
  pendingAllotments: PendingAllotment[];
  /** fills whose amount, fees and net cash do not add up (from the reader) */
  unreconciled: UnreconciledFill[];
  /** how the reader found the fees; null without a report */
  feeBasis: FeeBasis | "mixed" | null;
}

/** a finite number rounded to `digits` (as it is when `digits` is null), or its JSON-safe name */
export function jsonNumber(x: number, digits: number | null = 2): JsonNumber {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return digits === null ? x : roundTo(x, digits);
}

/** Inverse of `jsonNumber` for readers of the JSON. */
export function fromJsonNumber(x: JsonNumber): number {
  if (x === "NaN") return NaN;
  if (x === "Infinity") return Infinity;
  if (x === "-Infinity") return -Infinity;
  return x;
}

const money = (x: number): number => roundMoney(x);
const moneyOrNull = (x: number | null): number | null => (x === null ? null : roundMoney(x));

/** amount ± fees against the net cash, to the fen; null when the fees were estimated or there is no net cash */
export function reconciles(f: AnalysedFill): boolean | null {
  if (f.netAmount === null || f.feeBasis === "schedule" || f.feesEstimated) return null;
  const amount = toFen(f.amount);
  const fees = toFen(f.feeTotal);
  const expected = f.side === "buy" ? amount + fees : amount - fees;
  return Math.abs(toFen(f.netAmount)) === Math.abs(expected);
}

function summaryJson(s: AnalysisSummary): SummaryJson {
  return {
    realizedPnl: money(s.realizedPnl),
    totalFees: money(s.totalFees),
    roundTrips: s.roundTrips,
    wins: s.wins,
    losses: s.losses,
    winRate: jsonNumber(s.winRate, null),
    profitFactor: jsonNumber(s.profitFactor, null),
    avgHoldingDays: jsonNumber(s.avgHoldingDays, null),
    maxConsecutiveWins: s.maxConsecutiveWins,
    maxConsecutiveLosses: s.maxConsecutiveLosses,
    avgWin: jsonNumber(s.avgWin, 2),
    avgLoss: jsonNumber(s.avgLoss, 2),
    turnover: money(s.turnover),
    openPositions: s.openPositions,
  };
}

function tripJson(t: RoundTrip): RoundTripJson {
  return {
    code: t.code,
    name: t.name,
    openDate: t.openDate,
    closeDate: t.closeDate,
    quantity: t.quantity,
    buyAmount: money(t.buyAmount),
    sellAmount: money(t.sellAmount),
    fees: money(t.fees),
    pnl: t.realized ? money(t.pnl) : null,
    holdingDays: t.holdingDays,
    market: t.market,
    exchange: t.exchange,
    status: t.status,
    openingUnknown: t.openingUnknown,
    realized: t.realized,
    dividends: money(t.dividends),
    dividendTax: money(t.dividendTax),
    feeBasis: t.feeBasis,
  };
}

function openPositionJson(p: OpenPosition): OpenPositionJson {
  return {
    code: p.code,
    name: p.name,
    market: p.market,
    exchange: p.exchange,
    quantity: p.quantity,
    cost: p.unknownQuantity > 0 ? null : money(p.cost),
    openDate: p.openDate,
    status: "open",
    pnl: null,
    openingUnknown: p.openingUnknown,
  };
}

export function toAnalysisJson(analysis: StatementAnalysis, report?: ImportReport): AnalysisJson {
  const trips = (market: Market) => analysis.roundTrips.filter((t) => t.market === market && t.status !== "open").map(tripJson);
  const positions = (market: Market) => analysis.openPositions.filter((p) => p.market === market).map(openPositionJson);
  return {
    format: report?.format ?? null,
    encoding: report?.encoding ?? null,
    fills: analysis.fills.map((f) => ({
      line: f.line,
      date: f.date,
      time: f.time,
      code: f.code,
      exchange: f.exchange,
      market: f.market,
      symbol: `${f.code}.${f.exchange}`,
      name: f.name,
      side: f.side,
      quantity: f.quantity,
      price: roundTo(f.price, 3),
      priceCurrency: f.priceCurrency,
      amount: money(f.amount),
      amountStated: f.amountStated,
      currency: f.currency,
      fxRate: f.fxRate,
      fees: {
        commission: money(f.fees.commission),
        stampDuty: money(f.fees.stampDuty),
        transferFee: money(f.fees.transferFee),
        other: money(f.fees.other),
      },
      feeBasis: f.feeBasis,
      feeTotal: money(f.feeTotal),
      feesEstimated: f.feesEstimated,
      netAmount: moneyOrNull(f.netAmount),
      reconciled: reconciles(f),
      balance: moneyOrNull(f.balance),
      shareBalance: f.shareBalance,
      kind: f.kind,
      raw: f.raw,
    })),
    events: analysis.events.map((e) => ({
      line: e.line,
      date: e.date,
      time: e.time,
      kind: e.kind,
      code: e.code,
      exchange: e.exchange,
      market: e.market,
      name: e.name,
      quantity: e.quantity,
      shareBalance: e.shareBalance,
      amount: money(e.amount),
      raw: e.raw,
    })),
    skipped: (report?.skipped ?? []).map((r) => ({ line: r.line, reason: r.reason })),
    roundTrips: trips("A"),
    summary: summaryJson(analysis.summary),
    openPositions: positions("A"),
    hk:
      analysis.hk === null
        ? null
        : { label: "港股通", currency: analysis.hk.currency, roundTrips: trips("HK"), openPositions: positions("HK"), summary: summaryJson(analysis.hk.summary) },
    unknownOpenings: analysis.unknownOpenings.map((u) => ({ ...u })),
    pendingAllotments: analysis.pendingAllotments.map((p) => ({ ...p, cost: money(p.cost) })),
    unreconciled: (report?.unreconciled ?? []).map((u) => ({
      line: u.line, amount: money(u.amount), fees: money(u.fees), netAmount: money(u.netAmount), difference: money(u.difference),
    })),
    feeBasis: report?.feeBasis ?? null,
  };
}
