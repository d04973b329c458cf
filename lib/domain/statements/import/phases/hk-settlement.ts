import type { Fill } from "@/lib/domain/statements/types";
import type { ImportState, Row } from "@/lib/domain/statements/import/phases/state";

/**
 * Phase 3, once the whole file is read: 港股通 trades some exports book twice (docs/adr/0073) — a …成交 row on the
 * trade day and a …交收 row when it settles, two trading days later. A settlement row whose trade's own row is in the
 * file (same stock, side and quantity, on or up to ten days before it) is that trade again: kept as an event that
 * moves no shares, the fill read once, on its trade day. A settlement row with no trade row of its own is the only
 * booking of its trade and stays a fill.
 */

export interface HkSettlement {
  row: Row;
  fill: Fill;
}

/** Calendar days a settlement can follow its trade: T+2 trading days across the longest holidays. */
const MAX_SETTLEMENT_DAYS = 10;

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** A 港股通 trade row that books the settlement (…交收), not the trade. */
export function isHkSettlementRow(row: Row, fill: Fill): boolean {
  return fill.market === "HK" && /交收/.test(row.business);
}

const tradeKey = (f: Fill) => `${f.code}|${f.side}|${f.quantity}`;

export function pairHkSettlements(state: ImportState): void {
  if (state.hkSettlements.length === 0) return;
  // the file's own 港股通 trade rows by stock, side and quantity, oldest first: each pairs with one settlement at most
  const open = new Map<string, Fill[]>();
  for (const f of [...state.fills].sort((a, b) => a.date.localeCompare(b.date) || a.line - b.line)) {
    if (f.market !== "HK") continue;
    const list = open.get(tradeKey(f));
    if (list) list.push(f);
    else open.set(tradeKey(f), [f]);
  }
  let paired = 0;
  for (const { row, fill } of [...state.hkSettlements].sort((a, b) => a.fill.date.localeCompare(b.fill.date) || a.row.line - b.row.line)) {
    const list = open.get(tradeKey(fill)) ?? [];
    const at = list.findIndex((t) => daysBetween(t.date, fill.date) >= 0 && daysBetween(t.date, fill.date) <= MAX_SETTLEMENT_DAYS);
    const own = at >= 0 ? list.splice(at, 1)[0] : undefined;
    if (!own) {
      state.fills.push(fill);
      continue;
    }
    paired += 1;
    state.events.push({
      line: row.line, date: fill.date, time: fill.time, kind: "ignore", code: fill.code, exchange: fill.exchange, market: "HK",
      name: fill.name, quantity: 0, shareBalance: fill.shareBalance, amount: 0, raw: row.business,
    });
  }
  if (paired > 0) state.warn.note(`有 ${paired} 行港股通交收记录是前面成交记录的同一笔交易，每笔只计一次（按成交日）。`);
}
