import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { plans, subscriptions } from "@/lib/db/schema";
import { shanghaiDate } from "@/lib/domain/membership";
import type { SubscriptionView } from "@/lib/domain/payments/types";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { requireStripe, stripeClient } from "./stripe-client";
import { effectOfSubscription } from "./stripe-sync";

async function viewsOf(userId: string, id?: string): Promise<SubscriptionView[]> {
  const rows = await (await db())
    .select({ sub: subscriptions, planName: plans.name, levelId: plans.levelId })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), id ? eq(subscriptions.id, id) : undefined))
    .orderBy(desc(subscriptions.updatedAt));
  return rows
    .filter(({ sub }) => sub.status !== "incomplete" && sub.status !== "incomplete_expired")
    .map(({ sub, planName, levelId }) => ({
      id: sub.id,
      planName,
      levelId: levelId === 200 ? 200 : 100,
      status: sub.status,
      renewing: sub.status !== "canceled" && !sub.cancelAtPeriodEnd,
      currentPeriodEnd: sub.currentPeriodEnd ? shanghaiDate(new Date(sub.currentPeriodEnd.getTime() - 1)) : null,
    }));
}

/** The viewer's own subscriptions. */
export function subscriptionsOfMember(viewer: Viewer): Promise<SubscriptionView[]> {
  return viewsOf(viewer.userId);
}


/**
 * Turns auto-renewal off (Stripe cancels at the period's end; the paid days stay) or back on before that end.
 * The local row follows Stripe's answer, as the webhook would.
 */
export async function setAutoRenew(viewer: Viewer, subscriptionId: string, renew: boolean): Promise<{ subscription: SubscriptionView; message: string }> {
  if (!stripeClient()) throw new AppError("unavailable", "在线支付暂未开通");
  if (!/^[0-9a-f-]{36}$/i.test(subscriptionId)) throw new AppError("not_found", "订阅不存在");
  const database = await db();
  const [row] = await database
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, viewer.userId)))
    .limit(1);
  if (!row) throw new AppError("not_found", "订阅不存在");
  if (row.status === "canceled") throw new AppError("conflict", "该订阅已结束，请重新购买");
  await requireStripe().subscriptions.update(
    row.stripeSubscriptionId,
    { cancel_at_period_end: !renew },
    { idempotencyKey: `auto-renew:${row.stripeSubscriptionId}:${renew ? "on" : "off"}:${row.updatedAt.getTime()}` },
  );
  const effect = await effectOfSubscription(row.stripeSubscriptionId);
  await database.transaction((tx) => effect(tx));
  const [view] = await viewsOf(viewer.userId, subscriptionId);
  return {
    subscription: view!,
    message: renew ? "已恢复自动续费" : `已取消自动续费${view?.currentPeriodEnd ? `，会员有效期至 ${view.currentPeriodEnd}` : ""}`,
  };
}
