import "server-only";
import type { orders } from "@/lib/db/schema";
import type { OrderView } from "@/lib/domain/payments/types";

export type OrderRow = typeof orders.$inferSelect;

export function toOrderView(row: OrderRow): OrderView {
  return {
    orderGuid: row.orderGuid,
    planId: row.planId,
    planName: row.planName,
    levelId: row.levelId === 200 ? 200 : 100,
    days: row.days,
    amountFen: row.amountFen,
    currency: "cny",
    method: row.method,
    autoRenew: row.autoRenew,
    status: row.status,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
