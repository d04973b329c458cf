import { decimalToFen, fenToYuan, numberText, parseNumber } from "@/lib/domain/statements/import/cells";
import { cellAt, headerName, type Columns, type FeeColumn } from "@/lib/domain/statements/import/phases/columns";
import { Skip, type ImportState, type Row } from "@/lib/domain/statements/import/phases/state";
import { feeCells, readingLabel, reconciles, reconcilingReading, totalFen } from "@/lib/domain/statements/import/phases/fee-readings";
import { yuan } from "@/lib/domain/statements/import/phases/warnings";
import type { FillFees } from "@/lib/domain/statements/types";

/** One way to read a row's fee columns, in fen. */
interface FeeReading {
  commission: number;
  other: number;
  separate: boolean;
}

/** A row's fee columns in fen, before 佣金 and 手续费 are told apart. */
interface FeeParts {
  stamp: number;
  transfer: number;
  other: number;
  exchangeFees: number;
  /** 佣金 */
  yong: number;
  /** 手续费 */
  shou: number;
}

export function toleranceFen(amountFen: number): number {
  // 0.02 yuan + 0.0001 × amount, in fen
  return 2 + amountFen * 0.0001 + 1e-9;
}

function feeFen(cells: readonly string[], index: number | undefined, label: string): number {
  if (index === undefined) return 0;
  const text = numberText(cells[index] ?? "");
  if (text === null) throw new Skip(`${label}不是数字：“${cells[index]}”`);
  return text === "" ? 0 : Math.abs(decimalToFen(text));
}

function sumFen(cells: readonly string[], cols: readonly FeeColumn[]): number {
  let total = 0;
  for (const col of cols) total += feeFen(cells, col.index, col.name);
  return total;
}

function feeParts(columns: Columns, cells: readonly string[]): FeeParts {
  const plan = columns.fees;
  const stamp = sumFen(cells, plan.stamp);
  const transfer = sumFen(cells, plan.transfer);
  let other = sumFen(cells, plan.other);
  const exchangeFees = feeFen(cells, plan.jing, "经手费") + feeFen(cells, plan.zheng, "证管费");
  if (plan.gui !== undefined && exchangeFees > 0 && feeFen(cells, plan.gui, "交易规费") === exchangeFees) other -= exchangeFees;
  return { stamp, transfer, other, exchangeFees, yong: feeFen(cells, plan.yong, "佣金"), shou: feeFen(cells, plan.shou, "手续费") };
}

/** The commission when the columns settle it, with the readings 发生金额 has to choose from when they do not. */
function commissionReadings(state: ImportState, cells: readonly string[], p: FeeParts): { commission: number; candidates: FeeReading[] | null } {
  const plan = state.columns.fees;
  const { yong: y, shou: s, other, exchangeFees } = p;
  const otherParts = p.stamp + p.transfer + other;
  if (plan.yong !== undefined && plan.shou !== undefined && otherParts > 0 && s === y + otherParts) {
    // 手续费 is the total of 佣金 and the other charges (a column some owners add): counted through its parts
    state.feeRows.total += 1;
    return { commission: y, candidates: null };
  }
  if (plan.yong !== undefined && plan.shou !== undefined) {
    if (y === s || s === 0 || y === 0) {
      if (y === s && y > 0) state.feeRows.merged += 1;
      return { commission: Math.max(y, s), candidates: null };
    }
    const candidates = [
      { commission: y, other, separate: false },
      { commission: y, other: other + s, separate: true },
      { commission: s, other, separate: false },
    ];
    return { commission: y, candidates };
  }
  if (plan.yong !== undefined || plan.shou !== undefined) {
    const candidates = exchangeFees > 0 ? [{ commission: y + s, other, separate: false }, { commission: y + s + exchangeFees, other, separate: false }] : null;
    return { commission: y + s, candidates };
  }
  return { commission: feeFen(cells, plan.net, "净佣金") + exchangeFees, candidates: null };
}

/** The reading closest to 发生金额 wins (the earlier one on a tie), if it is within the tolerance at all. */
function closestReading(candidates: readonly FeeReading[], p: FeeParts, amountFen: number, side: "buy" | "sell", netFen: number): FeeReading {
  let chosen = candidates[0] as FeeReading;
  let bestError = Infinity;
  for (const c of candidates) {
    const total = c.commission + p.stamp + p.transfer + c.other;
    const expected = side === "buy" ? amountFen + total : amountFen - total;
    const error = Math.abs(Math.abs(netFen) - expected);
    if (error < bestError && error <= toleranceFen(amountFen)) {
      chosen = c;
      bestError = error;
    }
  }
  return chosen;
}

/** 总费用, when present, is the total that counts: the commission becomes what the other charges leave of it. */
function commissionByTotal(state: ImportState, row: Row, commission: number, stamp: number, transfer: number, other: number): number {
  const { columns, warn } = state;
  const totalCell = parseNumber(cellAt(columns, row.cells, "totalFee"));
  if (totalCell.kind === "bad") throw new Skip(`${headerName(columns.map, "totalFee", "总费用")}不是数字：“${totalCell.raw}”`);
  const total = totalCell.kind === "ok" ? Math.abs(decimalToFen(totalCell.text)) : null;
  const parts = commission + stamp + transfer + other;
  if (total === null || total === parts) return commission;
  const rest = total - stamp - transfer - other;
  if (rest < 0) {
    warn.add("费用明细与总费用不符", `第${row.line}行：费用明细合计 ${yuan(fenToYuan(parts))} 大于总费用 ${yuan(fenToYuan(total))}，按明细计。`);
    return commission;
  }
  if (columns.map.fees.some((c) => c.bucket === "commission")) {
    warn.add("费用明细与总费用不符", `第${row.line}行：费用明细合计 ${yuan(fenToYuan(parts))} 与总费用 ${yuan(fenToYuan(total))} 不符，按总费用计。`);
  }
  return rest;
}

/**
 * Fees of a row. 佣金 and 手续费 holding the same number are one charge. When they differ, the reading closest to
 * 发生金额 wins among: commission = 佣金 (also the choice without 发生金额); 佣金 + 手续费 as a separate other
 * charge; commission = 手续费 (a total that includes 佣金). 净佣金 excludes 经手费/证管费, so those are added to it; with 佣金
 * they are taken as included unless 发生金额 says otherwise. 总费用, when present, is the total that counts.
 */
export function feesOf(state: ImportState, row: Row, amountFen: number | null, side: "buy" | "sell" | null, netFen: number | null): FillFees | null {
  if (!state.columns.hasFees) return null;
  const p = feeParts(state.columns, row.cells);
  const { stamp, transfer } = p;
  const readings = commissionReadings(state, row.cells, p);
  let commission = readings.commission;
  let other = p.other;
  if (readings.candidates !== null && amountFen !== null && side !== null && netFen !== null && netFen !== 0) {
    const chosen = closestReading(readings.candidates, p, amountFen, side, netFen);
    if (chosen.separate) state.feeRows.separate += 1;
    commission = chosen.commission;
    other = chosen.other;
  }
  if (state.columns.fields.totalFee !== undefined) commission = commissionByTotal(state, row, commission, stamp, transfer, other);
  const usual = { commission: fenToYuan(commission), stampDuty: fenToYuan(stamp), transferFee: fenToYuan(transfer), other: fenToYuan(other) };
  if (amountFen === null || side === null || netFen === null || netFen === 0 || state.columns.fields.totalFee !== undefined) return usual;
  return reconcilingFees(state, row, usual, side, amountFen, netFen);
}

/** The usual reading when it explains the net cash; else the first reading that does (phases/fee-readings). */
function reconcilingFees(state: ImportState, row: Row, usual: FillFees, side: "buy" | "sell", amountFen: number, netFen: number): FillFees {
  if (reconciles(side, amountFen, totalFen(usual), netFen)) return usual;
  const choice = reconcilingReading(feeCells(state.columns.map.fees, row.cells), side, amountFen, netFen);
  if (choice === null) return usual;
  const label = readingLabel(choice.leftOut);
  const lines = state.feeRows.readings.get(label);
  if (lines) lines.push(row.line);
  else state.feeRows.readings.set(label, [row.line]);
  return { commission: fenToYuan(choice.commission), stampDuty: fenToYuan(choice.stampDuty), transferFee: fenToYuan(choice.transferFee), other: fenToYuan(choice.other) };
}
