import { fenToYuan } from "@/lib/domain/statements/import/cells";
import { NON_TRADE_KINDS } from "@/lib/domain/statements/import/classify";
import { checkBalances } from "@/lib/domain/statements/import/phases/balances";
import { headerName } from "@/lib/domain/statements/import/phases/columns";
import type { ImportState } from "@/lib/domain/statements/import/phases/state";
import { reportSigns } from "@/lib/domain/statements/import/phases/signs";
import { yuan } from "@/lib/domain/statements/import/phases/warnings";
import type { EventKind, FeeBasis } from "@/lib/domain/statements/types";

/** Phase 4, over the whole file: the checks and notes that need every row, and the file's fee basis. */

/** A share-balance column that stays 0 on every row while shares are traded is no balance (a scrubbed sample). */
export function dropZeroShareBalances(state: ImportState): void {
  const { fills, events, columns } = state;
  if (columns.fields.shareBalance === undefined) return;
  const anyBalance = fills.some((x) => x.shareBalance !== null && x.shareBalance !== 0) || events.some((e) => e.shareBalance !== null && e.shareBalance !== 0);
  if (anyBalance || fills.length === 0) return;
  for (const x of fills) x.shareBalance = null;
  for (const e of events) e.shareBalance = null;
  state.warn.note(`${headerName(columns.map, "shareBalance", "股份余额")}列全部为 0，不是持仓余额，未使用。`);
}

export function noteFees(state: ImportState): void {
  const { fills, unreconciled, warn, feeRows, columns } = state;
  const { amount: amountName, cash: cashName } = columns.names;
  if (feeRows.total > 0) {
    warn.note(`有 ${feeRows.total} 行的“手续费”等于佣金、印花税、过户费和其他费之和（是合计），费用按明细计，不重复计算。`);
  }
  const derivedCount = fills.filter((x) => x.feeBasis === "derived").length;
  if (derivedCount > 0) warn.note(`文件没有费用列：${derivedCount} 笔成交的费用由${amountName}与${cashName}之差推算（推算）。`);
  if (unreconciled.length > 0) {
    unreconciled.sort((a, b) => a.line - b.line);
    const total = unreconciled.reduce((sum, u) => sum + Math.round(u.difference * 100), 0);
    const lines = unreconciled.slice(0, 10).map((u) => u.line).join("、");
    warn.note(
      `${unreconciled.length} 笔成交的${amountName}加减费用与${cashName}对不上（合计相差 ${yuan(fenToYuan(total))} 元，文件的费用列不全）：第${lines}行${unreconciled.length > 10 ? "等" : ""}。`,
    );
  }
  for (const [label, lines] of feeRows.readings) {
    const shown = lines.slice(0, 10).join("、");
    warn.note(`${lines.length} 笔成交的费用列按“${label}”读取，才与${cashName}对得上：第${shown}行${lines.length > 10 ? "等" : ""}。`);
  }
  if (feeRows.merged > 0) warn.note(`有 ${feeRows.merged} 行的“手续费”和“佣金”是同一笔费用（数值相同），只计一次。`);
  if (feeRows.separate > 0) warn.note(`有 ${feeRows.separate} 行的“手续费”与“佣金”不同且按发生金额核对为两笔费用，手续费计入其他费用。`);
  if (!columns.hasFees && derivedCount < fills.length) warn.note("文件没有费用列，手续费、印花税和过户费将按成交日期的费率估算。");
  if (columns.fields.code === undefined) warn.note("文件没有证券代码列：成交按证券名称读取，导入时按股票列表和已导入的交割单对应代码。");
}

/** The signs of 发生金额 and the running balance; an ambiguous balance column that behaves like one fills the fills'. */
export function checkCash(state: ImportState): void {
  const { balanceColumns, names } = state.columns;
  reportSigns(state.signChecks, state.warn, names.cash);
  const balanceUsed = checkBalances(balanceColumns, state.balanceRows, state.warn, names.cash);
  if (!balanceColumns[balanceUsed]?.ambiguous) return;
  const rows = state.balanceRows;
  const byLine = new Map(rows.lines.map((line, i) => [line, rows.balances[i * balanceColumns.length + balanceUsed] ?? null]));
  for (const fill of state.fills) {
    const b = byLine.get(fill.line);
    if (b !== undefined && b !== null) fill.balance = fenToYuan(b);
  }
}

export function noteEventKinds(state: ImportState): void {
  const counts = new Map<EventKind, number>();
  for (const e of state.events) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  for (const [kind, label] of Object.entries(NON_TRADE_KINDS) as [EventKind, string][]) {
    const n = counts.get(kind) ?? 0;
    if (n > 0) state.warn.note(`${n} 行${label}记为资金/持仓事项，不算作股票交易。`);
  }
}

export function feeBasisOf(state: ImportState): FeeBasis | "mixed" {
  const bases = new Set(state.fills.map((x) => x.feeBasis));
  if (bases.size > 1) return "mixed";
  if (bases.size === 1) return [...bases][0] as FeeBasis;
  const { hasFees, fields } = state.columns;
  return hasFees ? "file" : fields.cash !== undefined && fields.amount !== undefined ? "derived" : "schedule";
}
