import "server-only";
import { redirect } from "next/navigation";
import { isPayable, payPageHref } from "@/lib/domain/payments/links";
import type { OrderView } from "@/lib/domain/payments/types";
import { requireViewer } from "@/lib/server/auth/gate";
import { paymentAvailability } from "./catalog";
import { orderForViewer } from "./orders";

export type StripePayPageState = { state: "unavailable" } | { state: "not-payable"; order: OrderView | null } | { state: "ready"; order: OrderView };

/**
 * What /stripePay and /stripePay1 show: "unavailable" without Stripe (said before asking anyone to log in), the
 * member's payable order of that method, or why it cannot be paid; an order made for the other page is sent there.
 */
export async function stripePayPageState(orderGuid: string, method: "card" | "checkout"): Promise<StripePayPageState> {
  if (!paymentAvailability().stripe) return { state: "unavailable" };
  const viewer = await requireViewer();
  const order = orderGuid ? await orderForViewer(viewer, orderGuid) : null;
  if (!order || !isPayable(order)) return { state: "not-payable", order };
  if (order.method !== method) redirect(payPageHref(order));
  return { state: "ready", order };
}
