import { isRepoCode } from "@/lib/domain/market/codes";
import type { Classified } from "@/lib/domain/statements/import/classify";
import { cellAt } from "@/lib/domain/statements/import/phases/columns";
import { buildEvent } from "@/lib/domain/statements/import/phases/event";
import { isHkSettlementRow } from "@/lib/domain/statements/import/phases/hk-settlement";
import { isBare } from "@/lib/domain/statements/import/phases/lookups";
import { dateReason, hasMoney } from "@/lib/domain/statements/import/phases/row-values";
import { securityOf } from "@/lib/domain/statements/import/phases/security";
import { Skip, type ImportState, type Row, type SecurityId } from "@/lib/domain/statements/import/phases/state";
import { buildTrade } from "@/lib/domain/statements/import/phases/trade";

/** Phase 2, per row: a Row becomes a fill, an event, an IPO half waiting for its pair, or a skipped row. */

/** Rows on a subscription code (配债, 中签, 缴款, 托管转出 of the allotment …) are allotment events, never fills. */
function isAllotmentRow(row: Row, c: Classified, id: SecurityId | null): boolean {
  if (c.type === "event" && c.kind === "allotment") return true;
  if (c.type === "event" && c.kind === "ignore") return hasMoney(row) && /申购|中签|配售/.test(row.business);
  if (!id || !id.subscription) return false;
  if (c.type !== "event") return true;
  return c.kind === "shares_in" || c.kind === "shares_out" || c.kind === "transfer" || c.kind === "fund";
}

function unknownReason(state: ImportState, row: Row): string {
  const { map } = state.columns;
  if (row.business === "") {
    const names = map.sideColumns.map((at) => map.names[at]).filter(Boolean).join("/");
    return `缺少业务名称（${names}为空）`;
  }
  return `未知的业务名称：“${row.business}”`;
}

/** A bare 买入/卖出 that is no trade: a 配号 notice, or a cash row without security and shares. */
function refineBareSide(state: ImportState, row: Row, c: Classified, id: SecurityId | null): Classified {
  if (c.type !== "trade" || !isBare(state.lookups, row.business)) return c;
  const qty = row.quantity.kind === "ok" ? row.quantity.value : 0;
  // 影石配号 on a bare 买入, no price and no money: a 配号 notice
  if (/配号$/.test(row.name.replace(/\s+/g, "")) && !hasMoney(row)) return { type: "event", kind: "ignore" };
  // no security and no shares: a cash row the file only marked 买入/卖出
  if (!id && qty === 0) return { type: "event", kind: hasMoney(row) ? "transfer" : "ignore" };
  return c;
}

function place(state: ImportState, row: Row): void {
  if (row.classified.type === "unknown") throw new Skip(unknownReason(state, row));
  const id = securityOf(state.columns, state.lookups, row);
  if (row.currency !== "CNY" && !(id ? id.market === "HK" : row.hkSign)) {
    // B shares (USD / HKD on SH/SZ) are neither A-share nor 港股通 figures: not read rather than mixed in
    throw new Skip(`币种为“${cellAt(state.columns, row.cells, "currency")}”，只读取人民币和港股通记录`);
  }
  const c = refineBareSide(state, row, row.classified, id);
  if (isAllotmentRow(row, c, id)) {
    if (c.type === "ipo_payment") state.allotmentPayments.push(row);
    state.events.push(buildEvent(state, row, "allotment", id));
  } else if (c.type === "trade") {
    if (id && id.market === "A" && isRepoCode(id.code)) state.events.push(buildEvent(state, row, "repo", id));
    else {
      const fill = buildTrade(state, row, c.side, "trade", undefined, id);
      if (isHkSettlementRow(row, fill)) state.hkSettlements.push({ row, fill });
      else state.fills.push(fill);
    }
  } else if (c.type === "ipo_payment") {
    state.payments.push({ row, fill: buildTrade(state, row, "buy", "ipo") });
  } else if (c.type === "ipo_arrival") {
    if (!row.date) throw new Skip(dateReason(state.columns, row));
    state.arrivals.push({ row, rights: c.rights });
  } else if (c.type === "event") {
    state.events.push(buildEvent(state, row, c.kind, id));
  }
}

/** Runs a step on a row; a Skip it throws becomes the row's skipped reason. */
export function skipping(state: ImportState, line: number, step: () => void): void {
  try {
    step();
  } catch (error) {
    if (error instanceof Skip) state.skipped.push({ line, reason: error.message });
    else throw error;
  }
}

export function handleRow(state: ImportState, row: Row): void {
  skipping(state, row.line, () => place(state, row));
}
