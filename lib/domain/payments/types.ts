/**
 * What the payment pages and the server agree on. Amounts are integer fen (分) in CNY; dates are ISO strings.
 * Stripe ids never leave the server except the order's own client secret on /stripePay.
 */

export type PlanPeriod = "month" | "quarter" | "year";

/** A plan of the catalog as /price, the pay dialog and /admin/plans show it. */
export interface PlanView {
  id: string;
  levelId: 100 | 200;
  name: string;
  period: PlanPeriod;
  days: number;
  priceFen: number;
  /** Monthly plans may be bought with automatic renewal (a Stripe subscription). */
  renewable: boolean;
  /** Hidden plans stay valid for orders already made but are not sold. */
  active: boolean;
}

/** How the member pays: card (and Alipay / WeChat Pay) on our page, Stripe's hosted page, or the 测试模式 provider. */
export type PayMethod = "card" | "checkout" | "test";

export type OrderStatus = "pending" | "paid" | "failed" | "canceled" | "refunded" | "partially_refunded";

export interface OrderView {
  orderGuid: string;
  planId: string;
  planName: string;
  levelId: 100 | 200;
  days: number;
  amountFen: number;
  currency: "cny";
  method: PayMethod;
  autoRenew: boolean;
  status: OrderStatus;
  /** Why a payment failed, in Chinese, when status is "failed". */
  failureMessage: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** One receipt: a successful charge (first payment or a renewal) and what it granted. */
export interface ReceiptView {
  receiptNumber: string;
  orderGuid: string;
  planName: string;
  kind: "pass" | "subscription_start" | "renewal";
  amountFen: number;
  refundedFen: number;
  paidAt: string;
  /** The access this payment granted (Asia/Shanghai dates, inclusive), after any refund shortened it. */
  grantFrom: string | null;
  grantTo: string | null;
}

export interface SubscriptionView {
  id: string;
  planName: string;
  levelId: 100 | 200;
  /** Stripe's status: active, past_due, canceled, incomplete… */
  status: string;
  /** True when auto-renewal is on (not canceling at period end and not canceled). */
  renewing: boolean;
  /** End of the paid period (Asia/Shanghai date). */
  currentPeriodEnd: string | null;
}

/** E-mail topics a member may turn off on /user/unsubscribe (receipts are always sent). */
export const EMAIL_TOPICS = ["expiry", "renewal", "signals"] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

export const EMAIL_TOPIC_LABELS: Record<EmailTopic, { title: string; hint: string }> = {
  expiry: { title: "会员到期提醒", hint: "会员到期前 3 天提醒你续费" },
  renewal: { title: "自动续费通知", hint: "自动续费扣款成功或失败时通知你" },
  signals: { title: "策略信号邮件", hint: "关注的策略发出新信号时发邮件（仍会收到站内消息）" },
};
