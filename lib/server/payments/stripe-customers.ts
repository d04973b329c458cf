import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { stripeCustomers, users } from "@/lib/db/schema";
import { requireStripe } from "./stripe-client";

async function storedCustomerId(userId: string): Promise<string | null> {
  const [row] = await (await db())
    .select({ id: stripeCustomers.stripeCustomerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

async function createCustomer(userId: string, idempotencyKey: string): Promise<string> {
  const [user] = await (await db()).select({ email: users.email, nickname: users.nickname }).from(users).where(eq(users.id, userId)).limit(1);
  const customer = await requireStripe().customers.create(
    { ...(user?.email ? { email: user.email } : {}), name: user?.nickname ?? undefined, metadata: { userId } },
    { idempotencyKey },
  );
  return customer.id;
}

/** The member's Stripe customer, made once (the idempotency key covers two tabs doing it at once). */
export async function stripeCustomerFor(userId: string): Promise<string> {
  const known = await storedCustomerId(userId);
  if (known) return known;
  const made = await createCustomer(userId, `customer:${userId}`);
  await (await db()).insert(stripeCustomers).values({ userId, stripeCustomerId: made }).onConflictDoNothing();
  return (await storedCustomerId(userId))!;
}

/**
 * Replaces the member's stored customer that Stripe no longer knows with a new one and stores it. The idempotency
 * key names the missing id: the original key would replay the lost customer, and two requests replacing the same
 * one make one customer. A concurrent replacement that stored first wins.
 */
export async function replaceMissingStripeCustomer(userId: string, missingId: string): Promise<string> {
  const made = await createCustomer(userId, `customer:${userId}:replacing:${missingId}`);
  await (await db())
    .update(stripeCustomers)
    .set({ stripeCustomerId: made })
    .where(and(eq(stripeCustomers.userId, userId), eq(stripeCustomers.stripeCustomerId, missingId)));
  return (await storedCustomerId(userId)) ?? made;
}
