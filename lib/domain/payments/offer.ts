/** The wallets Stripe can offer beside cards that a Chinese buyer looks for (ADR 0038). */
export type Wallet = "alipay" | "wechat_pay";

export const WALLETS: readonly Wallet[] = ["alipay", "wechat_pay"];
export const WALLET_LABELS: Record<Wallet, string> = { alipay: "支付宝", wechat_pay: "微信支付" };

/** Why the pay dialog's 立即开通 is disabled when neither Stripe nor the 测试模式 provider is configured. */
export const PAYMENT_OFF_REASON = "支付暂未开通";

export interface PayOffer {
  /** A purchase can be started (Stripe, or the 测试模式 provider, is configured). */
  available: boolean;
  /** Why not, when not available: shown beside the disabled button, before any click. */
  reason: string | null;
}

export function payOffer(a: { stripe: boolean; testMode: boolean }): PayOffer {
  const available = a.stripe || a.testMode;
  return { available, reason: available ? null : PAYMENT_OFF_REASON };
}

/** The ways to pay as a buyer reads them: 银行卡 and the wallets Stripe offers (only 测试支付 without Stripe). */
export function methodNames(a: { stripe: boolean; testMode: boolean; wallets: readonly Wallet[] }): string[] {
  if (a.stripe) return ["银行卡", ...WALLETS.filter((w) => a.wallets.includes(w)).map((w) => WALLET_LABELS[w])];
  return a.testMode ? ["测试支付"] : [];
}
