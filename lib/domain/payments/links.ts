import type { OrderView } from "./types";

/** The page that takes the payment of an order, by the method it was made for. */
export function payPageHref(order: Pick<OrderView, "orderGuid" | "method">): string {
  const q = `order=${encodeURIComponent(order.orderGuid)}`;
  return order.method === "card" ? `/stripePay?${q}` : order.method === "checkout" ? `/stripePay1?${q}` : `/paytest?${q}`;
}

/** Orders that can still be paid: waiting, or declined and open to another try. */
export function isPayable(order: Pick<OrderView, "status">): boolean {
  return order.status === "pending" || order.status === "failed";
}
