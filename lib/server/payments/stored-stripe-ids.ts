import "server-only";
import { logger } from "@/lib/server/logger";
import { replaceMissingStripePrice, stripePriceFor, type PriceSpec } from "./catalog";
import { requireStripe } from "./stripe-client";
import { replaceMissingStripeCustomer, stripeCustomerFor } from "./stripe-customers";

/** The ids we stored and send with a create call: the member's customer, and the catalog price when one is needed. */
export interface StoredStripeIds {
  customer: string;
  price: string | null;
}

export interface IdsNeeded {
  userId: string;
  price: PriceSpec | null;
}

/** Stripe's answer when an id we sent names nothing in this account and mode (HTTP 404, `resource_missing`). */
export function isResourceMissing(err: unknown): boolean {
  const e = err as { type?: unknown; code?: unknown } | null;
  return e?.type === "StripeInvalidRequestError" && e.code === "resource_missing";
}

async function customerKnown(id: string): Promise<boolean> {
  try {
    const customer = await requireStripe().customers.retrieve(id);
    return !("deleted" in customer && customer.deleted);
  } catch (err) {
    if (isResourceMissing(err)) return false;
    throw err;
  }
}

async function priceKnown(id: string): Promise<boolean> {
  try {
    await requireStripe().prices.retrieve(id);
    return true;
  } catch (err) {
    if (isResourceMissing(err)) return false;
    throw err;
  }
}

async function storedIds(needs: IdsNeeded): Promise<StoredStripeIds> {
  const price = needs.price ? await stripePriceFor(needs.price.plan, needs.price.amountFen, needs.price.recurring) : null;
  return { customer: await stripeCustomerFor(needs.userId), price };
}

/**
 * Runs a Stripe create call with the customer and price ids we stored. When Stripe answers `resource_missing` (the
 * keys were switched to another account or mode, or the object was deleted in the Dashboard), each id sent is checked
 * — all of them, since Stripe names only the first it misses — those Stripe no longer knows are recreated and stored,
 * and the call is retried once with the new ids. If nothing we store was missing, or the retry fails too, the error
 * is thrown: one retry, never a loop. The call must derive its idempotency key from the ids it sends, so a retry is a
 * new request rather than a replay of the failed one.
 */
export async function withStoredStripeIds<T>(
  needs: { userId: string; price: PriceSpec },
  call: (ids: { customer: string; price: string }) => Promise<T>,
): Promise<T>;
export async function withStoredStripeIds<T>(needs: { userId: string; price: null }, call: (ids: { customer: string }) => Promise<T>): Promise<T>;
export async function withStoredStripeIds<T>(
  needs: IdsNeeded,
  typedCall: ((ids: { customer: string; price: string }) => Promise<T>) | ((ids: { customer: string }) => Promise<T>),
): Promise<T> {
  // The overloads pair a price with a price id; the implementation sees both shapes.
  const call = typedCall as (ids: StoredStripeIds) => Promise<T>;
  const ids = await storedIds(needs);
  try {
    return await call(ids);
  } catch (err) {
    if (!isResourceMissing(err)) throw err;
    const customer = (await customerKnown(ids.customer)) ? ids.customer : await replaceMissingStripeCustomer(needs.userId, ids.customer);
    const price = needs.price && ids.price && !(await priceKnown(ids.price)) ? await replaceMissingStripePrice(needs.price, ids.price) : ids.price;
    if (customer === ids.customer && price === ids.price) throw err;
    logger().warn(
      { userId: needs.userId, param: (err as { param?: string }).param, customer: [ids.customer, customer], price: [ids.price, price] },
      "stripe: a stored customer or price id is unknown to Stripe; recreated it and retrying once",
    );
    return call({ customer, price });
  }
}
