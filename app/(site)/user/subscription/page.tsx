import type { Metadata } from "next";
import Link from "next/link";
import { cellClass, tableClass, tableWrapClass, theadClass } from "@/components/admin/labels";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { SUBSCRIPTION_TONE_CLASSES, continuePayHref, planPayHref, shortOrderNo, subscriptionState } from "@/components/payments/pay-helpers";
import { buttonClass } from "@/components/ui/button-class";
import { cn } from "@/components/ui/cn";
import { Lines } from "@/components/ui/Lines";
import { formatDate, formatDateTime, formatYuanFromFen } from "@/lib/domain/format";
import { levelById } from "@/lib/domain/levels";
import { ORDER_STATUS_LABELS, PAY_METHOD_LABELS, RECEIPT_KIND_LABELS } from "@/lib/domain/payments/labels";
import type { OrderStatus } from "@/lib/domain/payments/types";
import { getViewer } from "@/lib/server/auth/viewer";
import { ordersOfMember, receiptsOfMember } from "@/lib/server/payments/orders";
import { subscriptionsOfMember } from "@/lib/server/payments/subscriptions";

export const metadata: Metadata = { title: "我的订阅", description: "会员等级、到期日、自动续费、订单与收据。", robots: { index: false } };

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: "bg-amber-50 text-amber-800",
  paid: "bg-brand-soft text-brand",
  failed: "bg-red-50 text-red-700",
  canceled: "bg-slate-100 text-slate-500",
  refunded: "bg-slate-100 text-slate-700",
  partially_refunded: "bg-slate-100 text-slate-700",
};

const pill = "inline-block whitespace-nowrap rounded px-1.5 py-px text-xs font-medium";

/**
 * SPEC §5 gates only invite, account, notif, invitation and unsubscribe: a visitor sees this page with a login prompt
 * (and nothing of anyone's orders); a member sees their own.
 */
export default async function SubscriptionPage() {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <>
        <PageIntro title="我的订阅" />
        <Card className="mx-auto max-w-md text-center">
          <p className="text-base font-medium text-slate-900">登录后查看你的会员与订单</p>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">这里会列出你的会员等级与到期日、自动续费、订单记录和收据。</p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Link href={`/login?r=${encodeURIComponent("/user/subscription")}`} className={buttonClass("primary", "md")}>登录 / 注册</Link>
            <Link href="/price" className={buttonClass("secondary", "md")}>查看会员价格</Link>
          </div>
        </Card>
      </>
    );
  }
  const { userInfo } = viewer;
  const [subscriptions, orders, receipts] = await Promise.all([
    subscriptionsOfMember(viewer),
    ordersOfMember(viewer),
    receiptsOfMember(viewer),
  ]);
  const current = subscriptions.filter((s) => subscriptionState(s).tone !== "ended");
  const past = subscriptions.filter((s) => subscriptionState(s).tone === "ended");

  return (
    <>
      <PageIntro title="我的订阅" />
      <Card className="mb-6">
        <p className="text-sm text-slate-500">当前等级</p>
        <p className="mt-1 text-xl font-semibold" data-testid="level-name">{userInfo.levelName}</p>
        <p className="mt-1 text-sm text-slate-600" data-testid="level-end-date">
          {userInfo.levelEndDate ? `有效期至 ${userInfo.levelEndDate}` : "免费会员长期有效"}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href="/price" className={buttonClass("primary", "sm")}>{userInfo.levelId > 0 ? "续费 / 升级" : "升级会员"}</Link>
          <Link href="/user/unsubscribe" className={buttonClass("secondary", "sm")}>自动续费与邮件设置</Link>
        </div>
      </Card>

      <Section title="自动续费" more={current.length ? <Link href="/user/unsubscribe" className="text-sm text-brand hover:underline">管理</Link> : undefined}>
        {current.length === 0 ? (
          <EmptyState title="没有开启自动续费">购买月卡时勾选“到期自动续费”，到期后自动续期，可随时取消。</EmptyState>
        ) : (
          <ul className="space-y-3" data-testid="subscriptions">
            {current.map((s) => {
              const state = subscriptionState(s);
              return (
                <li key={s.id}>
                  <Card className="flex flex-wrap items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{s.planName}</p>
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                        <span className={cn(pill, SUBSCRIPTION_TONE_CLASSES[state.tone])}>{state.text}</span>
                        {s.currentPeriodEnd
                          ? state.tone === "active"
                            ? `下次扣款日 ${s.currentPeriodEnd}`
                            : `${levelById(s.levelId)?.levelName ?? "会员"} 可使用至 ${s.currentPeriodEnd}`
                          : null}
                      </p>
                    </div>
                    <Link href="/user/unsubscribe" className={buttonClass("secondary", "sm")}>
                      {s.renewing ? "取消自动续费" : "管理"}
                    </Link>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
        {past.length ? (
          <p className="mt-3 text-sm text-slate-500">
            已结束的订阅：{past.map((s) => `${s.planName}${s.currentPeriodEnd ? `（${s.currentPeriodEnd}）` : ""}`).join("、")}
          </p>
        ) : null}
      </Section>

      <Section title="订单记录">
        {orders.length === 0 ? (
          <EmptyState title="暂无订单" action={<Link href="/price" className={buttonClass("secondary", "sm")}>查看会员价格</Link>} />
        ) : (
          <div className={tableWrapClass}>
            {/* Two-line rows: an order's every figure fits a 375 px phone. */}
            <table className={tableClass} data-testid="orders">
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}><Lines>{["订单号", "时间"]}</Lines></th>
                  <th className={cellClass}><Lines>{["套餐", "方式"]}</Lines></th>
                  <th className={cellClass}><Lines align="right">{["金额", "状态"]}</Lines></th>
                  <th className={cellClass}><span className="sr-only">操作</span></th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.orderGuid} className="border-t border-slate-100" data-testid="order-row">
                    <td className={cellClass} title={o.orderGuid}>
                      <Lines>{[<span key="no" className="font-mono text-xs">{shortOrderNo(o.orderGuid)}</span>, <span key="at" className="tabular-nums">{formatDateTime(o.paidAt ?? o.createdAt)}</span>]}</Lines>
                    </td>
                    <td className={cellClass}>
                      <Lines>
                        {[
                          <span key="plan" className="whitespace-normal">
                            {o.planName}
                            {o.autoRenew ? <span className="ml-1 text-xs text-slate-500">自动续费</span> : null}
                          </span>,
                          PAY_METHOD_LABELS[o.method],
                        ]}
                      </Lines>
                    </td>
                    <td className={cellClass}>
                      <Lines align="right">
                        {[
                          <span key="amount" className="tabular-nums">{formatYuanFromFen(o.amountFen)}</span>,
                          <span key="status" className={cn(pill, STATUS_CLASSES[o.status])}>{ORDER_STATUS_LABELS[o.status]}</span>,
                        ]}
                      </Lines>
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {o.status === "pending" ? (
                        <Link href={continuePayHref(o)} className="text-brand hover:underline">继续支付</Link>
                      ) : o.status === "failed" ? (
                        <Link href={planPayHref(o.planId)} className="text-brand hover:underline">重新购买</Link>
                      ) : (
                        <Link href={`/pay/result?order=${encodeURIComponent(o.orderGuid)}`} className="text-slate-500 hover:text-brand hover:underline">详情</Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section title="收据">
        {receipts.length === 0 ? (
          <EmptyState title="暂无收据">每次成功扣款（含自动续费）都会在这里生成一张收据，并发送到你的邮箱。</EmptyState>
        ) : (
          <div className={tableWrapClass}>
            <table className={tableClass} data-testid="receipts">
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}><Lines>{["收据号", "支付日期"]}</Lines></th>
                  <th className={cellClass}><Lines>{["套餐", "有效期"]}</Lines></th>
                  <th className={cellClass}><Lines align="right">{["金额", "退款"]}</Lines></th>
                </tr>
              </thead>
              <tbody>
                {receipts.map((r) => (
                  <tr key={r.receiptNumber} className="border-t border-slate-100" data-testid="receipt-row">
                    <td className={cellClass}>
                      <Lines>{[<span key="no" className="font-mono text-xs">{r.receiptNumber}</span>, <span key="at" className="tabular-nums">{formatDate(r.paidAt)}</span>]}</Lines>
                    </td>
                    <td className={cellClass}>
                      <span className="flex flex-col gap-0.5 leading-tight">
                        <span>
                          {r.planName}
                          <span className="ml-1 text-xs text-slate-500">{RECEIPT_KIND_LABELS[r.kind]}</span>
                        </span>
                        {/* the period may break between its two dates, never inside one */}
                        <span className="text-[11px] text-slate-500 tabular-nums sm:text-xs">
                          {r.grantFrom && r.grantTo ? (
                            <><span className="whitespace-nowrap">{r.grantFrom}</span> 至 <span className="whitespace-nowrap">{r.grantTo}</span></>
                          ) : r.refundedFen > 0 ? "已随退款失效" : "—"}
                        </span>
                      </span>
                    </td>
                    <td className={cellClass}>
                      <Lines align="right">
                        {[
                          <span key="amount" className="tabular-nums">{formatYuanFromFen(r.amountFen)}</span>,
                          <span key="refund" className="tabular-nums">{r.refundedFen > 0 ? `已退 ${formatYuanFromFen(r.refundedFen)}` : "—"}</span>,
                        ]}
                      </Lines>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}
