/**
 * Small pure helpers shared by the payment pages and their client leaves (no React, no server imports).
 */
import type { PayMethod, PlanPeriod, SubscriptionView } from "@/lib/domain/payments/types";

export const PERIOD_MONTHS: Record<PlanPeriod, number> = { month: 1, quarter: 3, year: 12 };

/** Where a pending order is paid, by its method (mirrors the server's `next`). */
export { isPayable, payPageHref as continuePayHref } from "@/lib/domain/payments/links";

export const resultHref = (orderGuid: string) => `/pay/result?order=${encodeURIComponent(orderGuid)}`;
export const planPayHref = (planId: string) => `/pay?plan=${encodeURIComponent(planId)}`;

/** The short order number shown in lists: the first 8 characters of the guid, upper case. */
export function shortOrderNo(orderGuid: string): string {
  return orderGuid.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/** A same-origin path from the server, or the fallback (never an absolute or protocol-relative URL). */
export function safeLocalPath(path: unknown, fallback: string): string {
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : fallback;
}

/** `YYYY-MM-DD` plus whole days (calendar arithmetic, no time zone involved). */
export function addDaysToDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return "";
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface PurchaseEffectInput {
  /** The member now. */
  currentLevelId: number;
  currentLevelName: string;
  /** Last day of the current level, "" at the free level. */
  levelEndDate: string;
  planLevelId: number;
  planLevelName: string;
  days: number;
  /** Today in Asia/Shanghai. */
  today: string;
}

/**
 * What a purchase does to the member's end date (PRODUCT.md: same-level grants extend end-to-end; a higher grant
 * does not waste a lower one). The dates are estimates shown before paying; the receipt has the exact ones.
 */
export function purchaseEffect(p: PurchaseEffectInput): string {
  const active = p.currentLevelId > 0 && p.levelEndDate !== "";
  if (active && p.currentLevelId === p.planLevelId) {
    return `同等级顺延：${p.planLevelName} 有效期从 ${p.levelEndDate} 顺延 ${p.days} 天，至 ${addDaysToDate(p.levelEndDate, p.days)}。`;
  }
  if (active && p.currentLevelId < p.planLevelId) {
    return `支付后立即升级为 ${p.planLevelName}，有效期至 ${addDaysToDate(p.today, p.days)}；你的 ${p.currentLevelName}（至 ${p.levelEndDate}）不会作废，${p.planLevelName} 到期后仍可继续使用。`;
  }
  if (active && p.currentLevelId > p.planLevelId) {
    return `你当前的 ${p.currentLevelName} 已包含 ${p.planLevelName} 的全部权益。${p.planLevelName} 的 ${p.days} 天将在 ${p.currentLevelName} 到期（${p.levelEndDate}）后开始计算，不会浪费。`;
  }
  return `支付后立即生效，${p.planLevelName} 有效期至 ${addDaysToDate(p.today, p.days)}。`;
}

/** A plan's per-month price and saving against the monthly plan of its level, in fen; null for monthly plans. */
export function planValue(priceFen: number, period: PlanPeriod, monthlyFen: number | null): { perMonthFen: number; savingFen: number } | null {
  const months = PERIOD_MONTHS[period];
  if (months <= 1) return null;
  return { perMonthFen: Math.round(priceFen / months), savingFen: monthlyFen === null ? 0 : Math.max(0, monthlyFen * months - priceFen) };
}

/** Prices typed in yuan (the plan editor's schema reads them too). */
export { fenToYuanInput, parseYuanToFen } from "@/lib/domain/format";

export type SubscriptionTone = "active" | "canceling" | "problem" | "ended";

/** A subscription's state as the member reads it. */
export function subscriptionState(sub: Pick<SubscriptionView, "status" | "renewing">): { text: string; tone: SubscriptionTone } {
  const status = sub.status;
  if (status === "canceled" || status === "incomplete_expired") return { text: "已结束", tone: "ended" };
  if (status === "past_due" || status === "unpaid") return { text: "扣款失败，请更新付款方式", tone: "problem" };
  if (status === "incomplete") return { text: "待完成首次支付", tone: "problem" };
  if (status === "canceling" || !sub.renewing) return { text: "已取消自动续费，到期后不再扣款", tone: "canceling" };
  return { text: "自动续费中", tone: "active" };
}

export const SUBSCRIPTION_TONE_CLASSES: Record<SubscriptionTone, string> = {
  active: "bg-brand-soft text-brand",
  canceling: "bg-slate-100 text-slate-700",
  problem: "bg-amber-50 text-amber-800",
  ended: "bg-slate-100 text-slate-500",
};

/** The methods a member may choose, in the order the form lists them. */
export function availableMethods(a: { stripe: boolean; testMode: boolean }): PayMethod[] {
  return [...(a.stripe ? (["card", "checkout"] as const) : []), ...(a.testMode ? (["test"] as const) : [])];
}

/** A fresh random id for the once-per-page-view order nonce (randomUUID needs a secure context; fall back). */
export function newNonce(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") {
    try {
      return c.randomUUID();
    } catch {
      // Not a secure context (plain-http intranet): fall through.
    }
  }
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === "function") c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Pending orders can be paid, and so can failed ones (another card, another try on the same order). */
