import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import { roundMoney, roundTo } from "@/lib/domain/statements/analysis/money";
import type {
  EventKind,
  ImportReport,
  Side,
  StatementEncoding,
  StatementFormatId,
} from "@/lib/domain/statements/types";
import type { Exchange } from "@/lib/domain/market/types";

/**
 * The JSON the CLI (`analysis`) and the API give for an analysed statement. JSON has no NaN or Infinity, so those
 * are written as the strings "NaN", "Infinity" and "-Infinity". Amounts are yuan rounded to 0.01, prices to 0.001,
 * win rate and profit factor to 4 decimals, average holding days to 2 decimals: every figure can be redone by hand
 * from the listed fills.
 */
export type JsonNumber = number | "NaN" | "Infinity" | "-Infinity";

export interface FillJson {
  line: number;
  date: string;
  time: string | null;
  /** canonical code (old Beijing codes as 920xxx) */
  code: string;
  exchange: Exchange;
  name: string;
  side: Side;
  quantity: number;
  price: number;
  amount: number;
  fees: { commission: number; stampDuty: number; transferFee: number; other: number };
  feesEstimated: boolean;
  netAmount: number | null;
  balance: number | null;
  kind: "trade" | "ipo";
  raw: string;
}

export interface EventJson {
  line: number;
  date: string;
  time: string | null;
  kind: EventKind;
  code: string | null;
  exchange: Exchange | null;
  name: string;
  quantity: number;
  amount: number;
  raw: string;
}

export interface RoundTripJson {
  code: string;
  name: string;
  openDate: string;
  closeDate: string | null;
  quantity: number;
  buyAmount: number;
  sellAmount: number;
  fees: number;
  pnl: number;
  holdingDays: number;
}

export interface SummaryJson {
  realizedPnl: number;
  totalFees: number;
  roundTrips: number;
  wins: number;
  losses: number;
  winRate: JsonNumber;
  profitFactor: JsonNumber;
  avgHoldingDays: JsonNumber;
  maxConsecutiveWins: number;
  maxConsecutiveLosses: number;
}

export interface AnalysisJson {
  /** null when the analysis did not come from a file read now */
  format: StatementFormatId | null;
  encoding: StatementEncoding | null;
  fills: FillJson[];
  events: EventJson[];
  skipped: { line: number; reason: string }[];
  roundTrips: RoundTripJson[];
  summary: SummaryJson;
}

/** a finite number rounded to `digits`, or its JSON-safe name */
export function jsonNumber(x: number, digits = 2): JsonNumber {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return roundTo(x, digits);
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

export function toAnalysisJson(analysis: StatementAnalysis, report?: ImportReport): AnalysisJson {
  const s = analysis.summary;
  return {
    format: report?.format ?? null,
    encoding: report?.encoding ?? null,
    fills: analysis.fills.map((f) => ({
      line: f.line,
      date: f.date,
      time: f.time,
      code: f.code,
      exchange: f.exchange,
      name: f.name,
      side: f.side,
      quantity: f.quantity,
      price: roundTo(f.price, 3),
      amount: money(f.amount),
      fees: {
        commission: money(f.fees.commission),
        stampDuty: money(f.fees.stampDuty),
        transferFee: money(f.fees.transferFee),
        other: money(f.fees.other),
      },
      feesEstimated: f.feesEstimated,
      netAmount: moneyOrNull(f.netAmount),
      balance: moneyOrNull(f.balance),
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
      name: e.name,
      quantity: e.quantity,
      amount: money(e.amount),
      raw: e.raw,
    })),
    skipped: (report?.skipped ?? []).map((r) => ({ line: r.line, reason: r.reason })),
    roundTrips: analysis.roundTrips.map((t) => ({
      code: t.code,
      name: t.name,
      openDate: t.openDate,
      closeDate: t.closeDate,
      quantity: t.quantity,
      buyAmount: money(t.buyAmount),
      sellAmount: money(t.sellAmount),
      fees: money(t.fees),
      pnl: money(t.pnl),
      holdingDays: t.holdingDays,
    })),
    summary: {
      realizedPnl: money(s.realizedPnl),
      totalFees: money(s.totalFees),
      roundTrips: s.roundTrips,
      wins: s.wins,
      losses: s.losses,
      winRate: jsonNumber(s.winRate, 4),
      profitFactor: jsonNumber(s.profitFactor, 4),
      avgHoldingDays: jsonNumber(s.avgHoldingDays, 2),
      maxConsecutiveWins: s.maxConsecutiveWins,
      maxConsecutiveLosses: s.maxConsecutiveLosses,
    },
  };
}
