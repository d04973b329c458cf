import { decimalToFen, numberText } from "@/lib/domain/statements/import/cells";
import type { FeeBucket } from "@/lib/domain/statements/import/header";
import type { FillFees } from "@/lib/domain/statements/types";

/**
 * Readings of a row's fee columns when the usual one does not explain its net cash (docs/adr/0074): some clients
 * write a column twice (手续费 = 佣金, 其他杂费 = 过户费), some a column inside another (净佣金 inside 手续费; 过户费
 * inside 佣金 on one exchange's rows only). A reading counts every fee column but a few, and the one kept is the first
 * that makes 成交金额 ± fees equal |发生金额| to the fen: fewer columns left out first, then the less specific ones
 * (other charges before commissions, commissions before 过户费 and 印花税).
 */

/** A fee column's value on one row, in fen. */
export interface FeeCell {
  name: string;
  bucket: FeeBucket;
  fen: number;
}

export interface FeeReadingChoice {
  /** the columns the reading leaves out, by header name */
  leftOut: string[];
  /** fees in fen by bucket */
  commission: number;
  stampDuty: number;
  transferFee: number;
  other: number;
}

/** Columns left out at most: three covers a total column beside its two or three parts. */
const MAX_LEFT_OUT = 3;

const SPECIFICITY: Record<FeeBucket, number> = { other: 0, commission: 1, transferFee: 2, stampDuty: 3 };

/** 佣金 is more specific than 手续费 (the broader word), 净佣金 less than both. */
function specificityOf(cell: FeeCell): number {
  const within = cell.name === "佣金" ? 0.2 : cell.name === "净佣金" ? 0 : 0.1;
  return SPECIFICITY[cell.bucket] + within;
}

/** The fen of each fee column on a row; a cell that is not a number counts as 0 (the usual reading refuses it first). */
export function feeCells(columns: readonly { index: number; name: string; bucket: FeeBucket }[], cells: readonly string[]): FeeCell[] {
  return columns.map((c) => {
    const text = numberText(cells[c.index] ?? "");
    return { name: c.name, bucket: c.bucket, fen: text === null || text === "" ? 0 : Math.abs(decimalToFen(text)) };
  });
}

/** The net cash amount ± total would give, signed (a buy pays); a file may write it with either sign. */
export function reconciles(side: "buy" | "sell", amountFen: number, totalFen: number, netFen: number): boolean {
  const expected = side === "buy" ? -(amountFen + totalFen) : amountFen - totalFen;
  return netFen === expected || -netFen === expected;
}

function* subsets<T>(items: readonly T[], size: number, start = 0): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = start; i <= items.length - size; i += 1) {
    for (const rest of subsets(items, size - 1, i + 1)) yield [items[i] as T, ...rest];
  }
}

function readingWithout(cells: readonly FeeCell[], leftOut: ReadonlySet<FeeCell>): FeeReadingChoice {
  const sums: Record<FeeBucket, number> = { commission: 0, stampDuty: 0, transferFee: 0, other: 0 };
  for (const c of cells) if (!leftOut.has(c)) sums[c.bucket] += c.fen;
  return { leftOut: cells.filter((c) => leftOut.has(c)).map((c) => c.name), ...sums };
}

/**
 * The first reading that reconciles the row with its net cash, null when none does. Only non-zero columns are left
 * out (leaving out a zero changes nothing); the reading that leaves none out comes first.
 */
export function reconcilingReading(cells: readonly FeeCell[], side: "buy" | "sell", amountFen: number, netFen: number): FeeReadingChoice | null {
  const candidates = cells.filter((c) => c.fen > 0).sort((a, b) => specificityOf(a) - specificityOf(b));
  for (let size = 0; size <= Math.min(MAX_LEFT_OUT, candidates.length - 1); size += 1) {
    for (const leftOut of subsets(candidates, size)) {
      const set = new Set(leftOut);
      let total = 0;
      for (const c of cells) if (!set.has(c)) total += c.fen;
      if (reconciles(side, amountFen, total, netFen)) return readingWithout(cells, set);
    }
  }
  return null;
}

export function totalFen(fees: FillFees): number {
  return Math.round((fees.commission + fees.stampDuty + fees.transferFee + fees.other) * 100);
}

/** The member's words for a reading: what it leaves out. */
export function readingLabel(leftOut: readonly string[]): string {
  return leftOut.length === 0 ? "各费用列相加" : `不计${leftOut.map((n) => `“${n}”`).join("、")}（已含在其他费用列内或与之重复）`;
}
