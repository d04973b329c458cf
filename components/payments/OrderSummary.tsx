import type { ReactNode } from "react";
import { formatDateTime, formatYuanFromFen } from "@/lib/domain/format";
import { levelById } from "@/lib/domain/levels";
import type { OrderView } from "@/lib/domain/payments/types";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="shrink-0 text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-[15px] text-slate-800">{children}</dd>
    </div>
  );
}

/** An order's plan, level, length, amount and number (server-safe; used by every payment page). */
export function OrderSummary({ order, showTime = false }: { order: OrderView; showTime?: boolean }) {
  return (
    <dl className="divide-y divide-slate-100" data-testid="order-summary">
      <Row label="套餐">{order.planName}</Row>
      <Row label="会员等级">{levelById(order.levelId)?.levelName ?? order.levelId}</Row>
      <Row label="时长">
        {order.days} 天{order.autoRenew ? <span className="ml-1 text-xs text-slate-500">（到期自动续费）</span> : null}
      </Row>
      <Row label="金额">
        <span className="text-lg font-semibold text-up tabular-nums">{formatYuanFromFen(order.amountFen)}</span>
      </Row>
      <Row label="订单号">
        <span className="font-mono text-xs break-all text-slate-600">{order.orderGuid}</span>
      </Row>
      {showTime ? <Row label="下单时间">{formatDateTime(order.createdAt)}</Row> : null}
      {showTime && order.paidAt ? <Row label="支付时间">{formatDateTime(order.paidAt)}</Row> : null}
    </dl>
  );
}
