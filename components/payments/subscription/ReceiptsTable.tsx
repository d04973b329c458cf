import type { ReactNode } from "react";
import { Lines } from "@/components/ui/Lines";
import { CardTable, type Column } from "@/components/ui/table/CardTable";
import { formatDate, formatYuanFromFen } from "@/lib/domain/format";
import { RECEIPT_KIND_LABELS } from "@/lib/domain/payments/labels";
import type { ReceiptView } from "@/lib/domain/payments/types";

/** The days a receipt granted; the period may break between its two dates, never inside one. */
function GrantPeriod({ receipt: r }: { receipt: ReceiptView }) {
  if (r.grantFrom && r.grantTo) {
    return <><span className="whitespace-nowrap">{r.grantFrom}</span> 至 <span className="whitespace-nowrap">{r.grantTo}</span></>;
  }
  return r.refundedFen > 0 ? "已随退款失效" : "—";
}

const COLUMNS: Column<ReceiptView>[] = [
  {
    key: "no",
    header: <Lines>{["收据号", "支付日期"]}</Lines>,
    cell: (r) => <Lines>{[<span key="no" className="font-mono text-xs">{r.receiptNumber}</span>, <span key="at" className="tabular-nums">{formatDate(r.paidAt)}</span>]}</Lines>,
  },
  {
    key: "plan",
    header: <Lines>{["套餐", "有效期"]}</Lines>,
    cell: (r) => (
      <span className="flex flex-col gap-0.5 leading-tight">
        <span>
          {r.planName}
          <span className="ml-1 text-xs text-slate-500">{RECEIPT_KIND_LABELS[r.kind]}</span>
        </span>
        <span className="text-[11px] text-slate-500 tabular-nums sm:text-xs">
          <GrantPeriod receipt={r} />
        </span>
      </span>
    ),
  },
  {
    key: "amount",
    header: <Lines align="right">{["金额", "退款"]}</Lines>,
    cell: (r) => (
      <Lines align="right">
        {[
          <span key="amount" className="tabular-nums">{formatYuanFromFen(r.amountFen)}</span>,
          <span key="refund" className="tabular-nums">{r.refundedFen > 0 ? `已退 ${formatYuanFromFen(r.refundedFen)}` : "—"}</span>,
        ]}
      </Lines>
    ),
  },
];

/** A member's receipts: number and date, plan and the days it granted, amount and any refund. */
export function ReceiptsTable({ receipts, empty }: { receipts: ReceiptView[]; empty: ReactNode }) {
  return <CardTable rows={receipts} columns={COLUMNS} rowKey={(r) => r.receiptNumber} valign="middle" testId="receipts" rowTestId="receipt-row" empty={empty} />;
}
