import { Ban, CircleCheck, CircleX, Clock, RotateCcw, SearchX } from "lucide-react";
import Link from "@/components/ui/Link";
import type { ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "@/components/ui/button-class";
import type { OrderView } from "@/lib/domain/payments/types";
import { OrderStatusPoller } from "./OrderStatusPoller";
import { OrderSummary } from "./OrderSummary";
import { SyncUserInfoCookie } from "./SyncUserInfoCookie";
import { continuePayHref, planPayHref } from "./pay-helpers";
import { cn } from "@/components/ui/cn";

export interface OrderOutcomeProps {
  /** The order after the server settled it; null when it is unknown or not the viewer's. */
  order: OrderView | null;
  /** The member's level as re-read after settling. */
  member: { levelName: string; levelEndDate: string };
  /** Poll while pending (off in tests and static renders). */
  poll?: boolean;
}

function Shell({ icon, title, children, tone }: { icon: ReactNode; title: string; children: ReactNode; tone: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="order-outcome">
      <div className="flex flex-col items-center text-center">
        <span className={cn("flex size-14 items-center justify-center rounded-full", tone)}>{icon}</span>
        <h1 className="mt-3 text-xl font-semibold text-slate-900">{title}</h1>
      </div>
      {children}
    </div>
  );
}

type StepLink = readonly [href: string, label: string, look: ButtonVariant];

const MY_SUBSCRIPTION: StepLink = ["/user/subscription", "我的订阅", "secondary"];

/** The ways on from an outcome, side by side from a tablet up. */
function NextSteps({ links }: { links: readonly StepLink[] }) {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
      {links.map(([href, label, look]) => (
        <Link key={label} href={href} className={buttonClass(look, "md")}>{label}</Link>
      ))}
    </div>
  );
}
const iconClass = "size-8";

/**
 * The outcome of a payment as /pay/result and /stripePay/result show it (server-safe: data arrives as props). Each
 * outcome of a known order also brings the browser's copy of the member's level up to date.
 */
export function OrderOutcome(props: OrderOutcomeProps) {
  return (
    <>
      {props.order ? <SyncUserInfoCookie key={props.order.status} /> : null}
      <Outcome {...props} />
    </>
  );
}

function Outcome({ order, member, poll = true }: OrderOutcomeProps) {
  if (!order) {
    return (
      <Shell icon={<SearchX aria-hidden className={iconClass} />} title="订单不存在" tone="bg-slate-100 text-slate-500">
        <p className="mt-2 text-center text-sm text-slate-600">没有找到这个订单，或它不属于当前登录的账号。</p>
        <NextSteps links={[["/price", "查看会员价格", "primary"], MY_SUBSCRIPTION]} />
      </Shell>
    );
  }

  const summary = (
    <div className="mt-5 rounded-xl bg-slate-50 px-4 py-2">
      <OrderSummary order={order} showTime />
    </div>
  );

  switch (order.status) {
    case "paid":
      return (
        <Shell icon={<CircleCheck aria-hidden className={iconClass} />} title="支付成功" tone="bg-brand-soft text-brand">
          <p className="mt-2 text-center text-[15px] text-slate-700" data-testid="outcome-level">
            你现在是 <strong className="font-semibold text-slate-900">{member.levelName}</strong>
            {member.levelEndDate ? <>，有效期至 <strong className="font-semibold text-slate-900 tabular-nums">{member.levelEndDate}</strong></> : null}
          </p>
          {order.autoRenew ? (
            <p className="mt-1 text-center text-sm text-slate-500">已开通自动续费，可随时在“我的订阅”中取消。</p>
          ) : null}
          {summary}
          <NextSteps links={[["/god", "去看大神交割单", "primary"], MY_SUBSCRIPTION]} />
        </Shell>
      );
    case "pending":
      return (
        <Shell icon={<Clock aria-hidden className={iconClass} />} title="等待支付结果" tone="bg-amber-50 text-amber-600">
          <p className="mt-2 text-center text-sm text-slate-600">银行或支付渠道确认通常只需几秒钟，确认后会员立即生效。请勿重复付款。</p>
          {poll ? (
            <div className="mt-4 flex justify-center">
              <OrderStatusPoller orderGuid={order.orderGuid} status={order.status} />
            </div>
          ) : null}
          {summary}
          <NextSteps links={[[continuePayHref(order), "还没付款？继续支付", "secondary"], ["/user/subscription", "我的订阅", "ghost"]]} />
        </Shell>
      );
    case "failed":
      return (
        <Shell icon={<CircleX aria-hidden className={iconClass} />} title="支付未成功" tone="bg-red-50 text-red-600">
          <p className="mt-2 text-center text-[15px] text-red-700" data-testid="outcome-reason">
            {order.failureMessage || "支付没有完成，本次未扣款。"}
          </p>
          <p className="mt-1 text-center text-sm text-slate-500">可以换一张卡或换一种支付方式重新支付。</p>
          {summary}
          <NextSteps links={[[planPayHref(order.planId), "重新支付", "primary"], MY_SUBSCRIPTION]} />
        </Shell>
      );
    case "canceled":
      return (
        <Shell icon={<Ban aria-hidden className={iconClass} />} title="订单已取消" tone="bg-slate-100 text-slate-500">
          <p className="mt-2 text-center text-sm text-slate-600">该订单已取消，没有扣款。</p>
          {summary}
          <NextSteps links={[[planPayHref(order.planId), "重新下单", "primary"], MY_SUBSCRIPTION]} />
        </Shell>
      );
    case "refunded":
    case "partially_refunded":
      return (
        <Shell
          icon={<RotateCcw aria-hidden className={iconClass} />}
          title={order.status === "refunded" ? "订单已退款" : "订单已部分退款"}
          tone="bg-slate-100 text-slate-600"
        >
          <p className="mt-2 text-center text-sm text-slate-600">
            {order.status === "refunded" ? "款项将原路退回，本订单对应的会员天数已失效。" : "部分款项将原路退回，会员天数按退款比例相应减少。"}
            当前等级：{member.levelName}
            {member.levelEndDate ? `，有效期至 ${member.levelEndDate}` : ""}。
          </p>
          {summary}
          <NextSteps links={[["/user/subscription", "查看收据", "primary"]]} />
        </Shell>
      );
  }
}
