import type { Market } from "@/lib/domain/market/types";
import { balanceTextOf, dateReason, moneyOf, shareBalanceOf, valueOf } from "@/lib/domain/statements/import/phases/row-values";
import { Skip, type ImportState, type Row, type SecurityId } from "@/lib/domain/statements/import/phases/state";
import type { EventKind, StatementEvent } from "@/lib/domain/statements/types";

/** The signed cash and share quantity of an event: which way each goes depends on the kind and the row's words. */
function signedFigures(row: Row, kind: EventKind, qty: number | null, amount: number | null, cash: number | null): { signed: number; quantity: number } {
  const magnitude = cash !== null && cash !== 0 ? Math.abs(cash) : amount !== null ? Math.abs(amount) : 0;
  const quantity = qty === null ? 0 : Math.abs(qty);
  switch (kind) {
    case "cash_in":
    case "dividend":
      return { signed: magnitude, quantity };
    case "cash_out":
    case "dividend_tax":
    case "fee":
      return { signed: -magnitude, quantity };
    case "interest":
      return { signed: cash !== null && cash !== 0 ? cash : magnitude, quantity };
    case "allotment": {
      // cash as written; a bare amount is paid (扣款/缴款) unless the row gives it back (回冲/返款/退款)
      const text = `${row.business} ${row.remark}`;
      const signed = cash !== null && cash !== 0 ? cash : /回冲|返款|退/.test(text) ? magnitude : -magnitude;
      const out = (qty !== null && qty < 0) || /转出|返款|回冲/.test(row.business);
      return { signed, quantity: out ? -quantity : quantity };
    }
    case "share_adjust": {
      const out = /合并|缩/.test(row.business) || (!/拆分/.test(row.business) && qty !== null && qty < 0);
      return { signed: 0, quantity: out ? -quantity : quantity };
    }
    default:
      return { signed: cash ?? 0, quantity };
  }
}

export function buildEvent(state: ImportState, row: Row, kind: EventKind, code: SecurityId | null): StatementEvent {
  const { columns } = state;
  if (!row.date) throw new Skip(dateReason(columns, row));
  const qty = valueOf(row.quantity, columns.names.quantity);
  const amount = moneyOf(row.amount, columns.names.amount);
  const cash = moneyOf(row.cash, columns.names.cash);
  balanceTextOf(columns, row);
  const { signed, quantity } = signedFigures(row, kind, qty, amount, cash);
  const market: Market | null = code ? code.market : row.hkSign ? "HK" : null;
  return {
    line: row.line,
    date: row.date,
    time: row.time,
    kind,
    code: code?.code ?? null,
    exchange: code?.exchange ?? null,
    market,
    name: row.name,
    quantity: quantity === 0 ? 0 : quantity,
    shareBalance: shareBalanceOf(columns, row),
    amount: signed === 0 ? 0 : signed,
    raw: row.business,
  };
}
