import { isSubscriptionCode } from "@/lib/domain/market/codes";
import type { StatementEvent } from "@/lib/domain/statements/types";
import { eventDelta } from "./balances";
import { marketOf } from "./codes";
import { touch } from "./history";
import { addLot, addUnknown, checkBalance, closeIfFlat, openTrip, positionOf, rescaleLots, takeLots } from "./positions";
import { UNKNOWN_COST, type AnalysisState, type Position } from "./state";

/** Phase 3, a share event: shares arriving, added or leaving a position. */

const STAND_IN_LABELS = { bonus_shares: "红股入账", shares_in: "股份转入", shares_out: "股份转出", share_adjust: "份额调整" };

/** the business name as written, unless it only says 买 / 卖 (海通's 新增证券 row) */
function labelOf(e: StatementEvent): string {
  return /^(买|卖|买入|卖出)?$/.test(e.raw.trim()) ? STAND_IN_LABELS[e.kind as "bonus_shares"] : e.raw;
}

/** 股份转入: the listing of an allotment at its cost, else shares of unknown cost. */
function sharesIn(state: AnalysisState, p: Position, e: StatementEvent, code: string, delta: number): void {
  const group = state.allotments.join(code, p.exchange, e.name, delta, e.date);
  if (group !== null) {
    const t = openTrip(state, p, code, e.name, e.date);
    t.quantity += delta;
    t.buyFen += group.costFen;
    addLot(p, delta, group.costFen, false);
    return;
  }
  checkBalance(state, p, code, e.name, delta, e.shareBalance, e);
  addUnknown(state, p, code, e.name, delta, e, `${labelOf(e)} ${delta} 股：成本未知，该回合不计入已实现盈亏`);
}

/**
 * Bonus shares or a share increase. No balance check here: it is booked at the start of its day, while its balance
 * was written after the day's earlier rows in the file; the next fill's balance catches a real gap.
 */
function sharesUp(state: AnalysisState, p: Position, e: StatementEvent, code: string, delta: number): void {
  if (p.quantity === 0) {
    addUnknown(state, p, code, e.name, delta, e, `${labelOf(e)} ${delta} 股时没有持仓：${UNKNOWN_COST}`);
    return;
  }
  if (e.kind === "share_adjust") rescaleLots(p, p.quantity + delta);
  else {
    addLot(p, delta, 0, false);
    p.trip!.quantity += delta;
  }
}

/** 股份转出 / 托管转出, or a share reduction. */
function sharesDown(state: AnalysisState, p: Position, e: StatementEvent, code: string, delta: number): void {
  const out = -delta;
  const label = labelOf(e);
  checkBalance(state, p, code, e.name, delta, e.shareBalance, e);
  if (p.quantity === 0) {
    state.unknownOpenings.push({
      code, exchange: p.exchange, market: p.market, name: e.name, quantity: out, line: e.line, date: e.date,
      reason: `${label} ${out} 股时没有持仓：${UNKNOWN_COST.replace("该回合", "")}`,
    });
    return;
  }
  if (out > p.quantity) {
    const extra = out - p.quantity;
    addUnknown(state, p, code, e.name, extra, e, `${label} ${out} 股多于持仓 ${p.quantity} 股：其余 ${extra} 股${UNKNOWN_COST}`);
  }
  const t = p.trip!;
  if (e.kind === "share_adjust") {
    if (out < p.quantity) {
      rescaleLots(p, p.quantity - out);
      return;
    }
    takeLots(p, out);
  } else {
    t.transferred = true;
    takeLots(p, out);
    state.unmatched.push({ line: e.line, date: e.date, code, reason: `${label} ${out} 股没有卖出价格：该回合记为已转出，不计入已实现盈亏` });
  }
  closeIfFlat(p, e.date, e.time);
}

export function applyEvent(state: AnalysisState, e: StatementEvent): void {
  const code = e.code!;
  touch(state, code, e.date);
  // 中信 books 托管转出 of the subscription code when the bond lists: part of the allotment, not a position
  if (e.kind === "allotment" || (isSubscriptionCode(code) && state.allotments.has(code))) {
    state.allotments.add(e.kind === "allotment" ? e : { ...e, amount: 0 }, code);
    return;
  }
  const p = positionOf(state, code, e.exchange ?? "SZ", marketOf(e), e.name);
  const delta = eventDelta(e);
  if (e.kind === "shares_in") sharesIn(state, p, e, code, delta);
  else if (delta > 0) sharesUp(state, p, e, code, delta);
  else sharesDown(state, p, e, code, delta);
}
