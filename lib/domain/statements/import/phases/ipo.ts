import { skipping } from "@/lib/domain/statements/import/phases/dispatch";
import { buildEvent } from "@/lib/domain/statements/import/phases/event";
import { securityOf } from "@/lib/domain/statements/import/phases/security";
import type { ImportState, IpoArrival, IpoPayment, Row } from "@/lib/domain/statements/import/phases/state";
import { buildTrade } from "@/lib/domain/statements/import/phases/trade";

/** Phase 3, once the whole file is read: the halves of new shares paired. */

const byOrder = (a: { row: Row }, b: { row: Row }) => (a.row.date ?? "").localeCompare(b.row.date ?? "") || a.row.line - b.row.line;

/** The latest unused payment of the arrival's quantity on or before its date, −1 when none. */
function matchingPayment(pending: readonly IpoPayment[], used: ReadonlySet<number>, row: Row, qty: number): number {
  for (let i = pending.length - 1; i >= 0; i -= 1) {
    const p = pending[i] as IpoPayment;
    if (used.has(i)) continue;
    if (p.fill.quantity === qty && p.fill.date <= (row.date ?? "")) return i;
  }
  return -1;
}

function pairedArrival(state: ImportState, arrival: IpoArrival, payment: IpoPayment): void {
  const row = arrival.row;
  state.fills.push(buildTrade(state, row, "buy", "ipo", payment.row));
  const transfer = buildEvent(state, payment.row, "transfer", securityOf(state.columns, state.lookups, payment.row));
  state.events.push({ ...transfer, amount: payment.fill.netAmount ?? -payment.fill.amount });
  state.warn.note(`第${payment.row.line}行${payment.row.business}与第${row.line}行${row.business}是同一笔${arrival.rights ? "配股" : "新股"}：按第${row.line}行记为买入，缴款记为资金划转。`);
}

function unpairedArrival(state: ImportState, arrival: IpoArrival, qty: number): void {
  const row = arrival.row;
  const hasValue = (row.price.kind === "ok" && row.price.value !== 0) || (row.amount.kind === "ok" && row.amount.value !== 0);
  if (!hasValue) {
    // the payment was an allotment event on the subscription code: it still tells the issue price
    const reference = state.allotmentPayments.find(
      (p) => p.quantity.kind === "ok" && Math.abs(p.quantity.value) === qty && (p.date ?? "") <= (row.date ?? ""),
    );
    if (reference) {
      state.fills.push(buildTrade(state, row, "buy", "ipo", reference));
      return;
    }
  }
  if (arrival.rights && !hasValue) state.events.push(buildEvent(state, row, "shares_in", securityOf(state.columns, state.lookups, row)));
  else state.fills.push(buildTrade(state, row, "buy", "ipo"));
}

/**
 * An IPO or rights issue can show up twice: the payment (中签缴款 on the subscription code) and the shares arriving
 * (新股入账 on the listing code). The arrival is the buy when both are present — it carries the code that is later
 * sold — and the payment becomes a cash transfer. A payment alone is the buy; an arrival alone is the buy when it
 * carries a price or amount (a 配股入帐 without one is a share event).
 */
export function pairIpo(state: ImportState): void {
  const pending = [...state.payments].sort(byOrder);
  const used = new Set<number>();
  for (const arrival of [...state.arrivals].sort(byOrder)) {
    const row = arrival.row;
    const qty = row.quantity.kind === "ok" ? Math.abs(row.quantity.value) : 0;
    const match = matchingPayment(pending, used, row, qty);
    skipping(state, row.line, () => {
      if (match < 0) return unpairedArrival(state, arrival, qty);
      used.add(match);
      pairedArrival(state, arrival, pending[match] as IpoPayment);
    });
  }
  pending.forEach((p, i) => {
    if (!used.has(i)) state.fills.push(p.fill);
  });
}
