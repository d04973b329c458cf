import type { OrderStatus, PayMethod, ReceiptView } from "./types";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "待支付",
  paid: "已支付",
  failed: "支付失败",
  canceled: "已取消",
  refunded: "已退款",
  partially_refunded: "部分退款",
};

export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  card: "银行卡 / 支付宝 / 微信支付",
  checkout: "Stripe 收银台",
  test: "测试模式",
};

export const RECEIPT_KIND_LABELS: Record<ReceiptView["kind"], string> = {
  pass: "单次购买",
  subscription_start: "开通自动续费",
  renewal: "自动续费",
};

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_SEC = 24 * 60 * 60;

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * A receipt number: "R", the payment's Asia/Shanghai date, "-" and 8 uppercase hex digits of the payment id, e.g.
 * R20261121-3F2A9C1B7D4E. A hex id (a UUID, what payments use) gives its first 12 digits; any other id (Stripe's pi_…/in_…, whose leading
 * characters are shared by many payments) gives a hash of the whole id, so the same payment always gets the same number.
 */
export function receiptNumber(paidAt: Date, paymentId: string): string {
  const day = new Date(paidAt.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, "");
  const compact = paymentId.replace(/-/g, "");
  const hex = /^[0-9a-f]{12,}$/i.test(compact) ? compact.slice(0, 12) : fnv1a(paymentId);
  return `R${day}-${hex.toUpperCase()}`;
}

/** Whole days of a billing period (Unix seconds), rounded and kept within 1..366. */
export function subscriptionGrantDays(periodStartSec: number, periodEndSec: number): number {
  const days = Math.round((periodEndSec - periodStartSec) / DAY_SEC);
  if (Number.isNaN(days)) return 1;
  return Math.min(366, Math.max(1, days));
}
