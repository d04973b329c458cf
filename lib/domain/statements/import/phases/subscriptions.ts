import { isSubscriptionCode, normalizeCode } from "@/lib/domain/market/codes";
import type { NumberCell } from "@/lib/domain/statements/import/cells";
import type { Row } from "@/lib/domain/statements/import/phases/state";
import type { WarningLog } from "@/lib/domain/statements/import/phases/warnings";

/**
 * Haitong writes a subscription allotment (e.g. 783166) as two rows on the same day and code: one with price and
 * quantity but no amount, the other with the amount but no price or quantity. They become one row.
 */
export function mergeSplitSubscriptions(rows: readonly Row[], warn: WarningLog): Row[] {
  const isNonZero = (c: NumberCell) => c.kind === "ok" && c.value !== 0;
  const isZeroish = (c: NumberCell) => c.kind === "empty" || (c.kind === "ok" && c.value === 0);
  const halfQty = (r: Row) => isNonZero(r.quantity) && isNonZero(r.price) && isZeroish(r.amount) && isZeroish(r.cash);
  const halfAmount = (r: Row) => isZeroish(r.quantity) && isZeroish(r.price) && (isNonZero(r.amount) || isNonZero(r.cash));
  const keyOf = (r: Row) => {
    const code = normalizeCode(r.codeText);
    return code && r.date && isSubscriptionCode(code) ? `${r.date}|${code}` : null;
  };
  const waiting = new Map<string, { qty: number[]; amount: number[] }>();
  rows.forEach((r, i) => {
    const key = keyOf(r);
    if (!key) return;
    const slot = waiting.get(key) ?? { qty: [], amount: [] };
    if (halfQty(r)) slot.qty.push(i);
    else if (halfAmount(r)) slot.amount.push(i);
    waiting.set(key, slot);
  });
  const drop = new Set<number>();
  const replace = new Map<number, Row>();
  for (const slot of waiting.values()) {
    const n = Math.min(slot.qty.length, slot.amount.length);
    for (let k = 0; k < n; k += 1) {
      const a = rows[slot.qty[k] as number] as Row;
      const b = rows[slot.amount[k] as number] as Row;
      const keep = a.line <= b.line ? slot.qty[k] as number : slot.amount[k] as number;
      const other = keep === slot.qty[k] ? slot.amount[k] as number : slot.qty[k] as number;
      const cells = a.cells.map((c, j) => (c !== "" ? c : (b.cells[j] ?? "")));
      // money and fee columns come from the amount half
      const mergedRow: Row = {
        ...a,
        line: Math.min(a.line, b.line),
        cells,
        business: a.business || b.business,
        classified: a.classified.type !== "unknown" ? a.classified : b.classified,
        amount: b.amount,
        cash: b.cash,
        mergedLine: Math.max(a.line, b.line),
      };
      if (mergedRow.classified.type === "unknown" || mergedRow.classified.type === "trade") {
        mergedRow.classified = { type: "ipo_payment" };
        mergedRow.business = mergedRow.business || "中签";
      }
      replace.set(keep, mergedRow);
      drop.add(other);
      warn.note(`第${Math.min(a.line, b.line)}行和第${Math.max(a.line, b.line)}行是同一笔中签（${normalizeCode(a.codeText)}）拆成的两行，已合并。`);
    }
  }
  const out: Row[] = [];
  rows.forEach((r, i) => {
    if (drop.has(i)) return;
    out.push(replace.get(i) ?? r);
  });
  return out;
}

