import Link from "@/components/ui/Link";
import type { ReactNode } from "react";
import { Lines } from "@/components/ui/Lines";
import { Pill } from "@/components/ui/Pill";
import { CardTable, type Column } from "@/components/ui/table/CardTable";
import { formatDateTime, formatYuanFromFen } from "@/lib/domain/format";
import { ORDER_STATUS_LABELS, PAY_METHOD_LABELS } from "@/lib/domain/payments/labels";
import type { OrderStatus, OrderView } from "@/lib/domain/payments/types";
import { continuePayHref, planPayHref, resultHref, shortOrderNo } from "../pay-helpers";

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: "bg-amber-50 text-amber-800",
  paid: "bg-brand-soft text-brand",
  failed: "bg-red-50 text-red-700",
  canceled: "bg-slate-100 text-slate-500",
  refunded: "bg-slate-100 text-slate-700",
  partially_refunded: "bg-slate-100 text-slate-700",
};

/** What a member can do with an order: pay a pending one, buy again after a failure, else see it. */
function OrderAction({ order }: { order: OrderView }) {
  if (order.status === "pending") return <Link prefetch={false} href={continuePayHref(order)} className="text-brand hover:underline">继续支付</Link>;
  if (order.status === "failed") return <Link prefetch={false} href={planPayHref(order.planId)} className="text-brand hover:underline">重新购买</Link>;
  return <Link prefetch={false} href={resultHref(order.orderGuid)} className="text-slate-500 hover:text-brand hover:underline">详情</Link>;
}

const COLUMNS: Column<OrderView>[] = [
  {
    key: "no",
    header: <Lines>{["订单号", "时间"]}</Lines>,
    title: (o) => o.orderGuid,
    cell: (o) => (
      <Lines>{[<span key="no" className="font-mono text-xs">{shortOrderNo(o.orderGuid)}</span>, <span key="at" className="tabular-nums">{formatDateTime(o.paidAt ?? o.createdAt)}</span>]}</Lines>
    ),
  },
  {
    key: "plan",
    header: <Lines>{["套餐", "方式"]}</Lines>,
    cell: (o) => (
      <Lines>
        {[
          <span key="plan" className="whitespace-normal">
            {o.planName}
            {o.autoRenew ? <span className="ml-1 text-xs text-slate-500">自动续费</span> : null}
          </span>,
          PAY_METHOD_LABELS[o.method],
        ]}
      </Lines>
    ),
  },
  {
    key: "amount",
    header: <Lines align="right">{["金额", "状态"]}</Lines>,
    cell: (o) => (
      <Lines align="right">
        {[
          <span key="amount" className="tabular-nums">{formatYuanFromFen(o.amountFen)}</span>,
          <Pill key="status" className={STATUS_CLASSES[o.status]}>{ORDER_STATUS_LABELS[o.status]}</Pill>,
        ]}
      </Lines>
    ),
  },
  { key: "action", header: <span className="sr-only">操作</span>, nowrap: true, cell: (o) => <OrderAction order={o} /> },
];

/** A member's orders in two-line rows: an order's every figure fits a 375 px phone. */
export function OrdersTable({ orders, empty }: { orders: OrderView[]; empty: ReactNode }) {
  return <CardTable rows={orders} columns={COLUMNS} rowKey={(o) => o.orderGuid} valign="middle" testId="orders" rowTestId="order-row" empty={empty} />;
}
