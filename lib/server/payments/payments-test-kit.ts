import "server-only";
import { eq } from "drizzle-orm";
import { reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { grants, orders, payments, stripeEvents, subscriptions } from "@/lib/db/schema";
import type { Viewer } from "@/lib/server/auth/viewer";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser } from "@/lib/server/members/users";
import { startStripeLocal, type StripeLocal } from "@/test/stripe-local/server";
import { handleStripeWebhook } from "./webhook";

export const WEBHOOK_SECRET = "whsec_localtest";

/** The stand-in with manual delivery, and the app's configuration pointed at it (Stripe on, test mode on). */
export async function startStandIn(): Promise<StripeLocal> {
  const local = await startStripeLocal({ port: 0, webhookUrl: null, webhookSecret: WEBHOOK_SECRET, delivery: "manual" });
  process.env.STRIPE_SECRET_KEY = "sk_test_local";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_local";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE = local.url;
  process.env.PAYMENT_TEST_MODE = "1";
  reloadConfigForTests();
  return local;
}

let seq = 0;
export async function newMember(): Promise<Viewer> {
  const user = await createUser({ email: `payer${++seq}-${Date.now()}@pay.test` });
  return { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
}

/** Delivers one of the stand-in's events to the webhook as Stripe would (signed, raw body). */
export async function deliver(local: StripeLocal, eventId: string) {
  const { payload, header } = local.signedEvent(eventId);
  return handleStripeWebhook(payload, header);
}

/** The stand-in's events of a type for an object id (newest last). */
export function eventsFor(local: StripeLocal, type: string, objectId?: string) {
  return local.events().filter((e) => e.type === type && (!objectId || (e.data.object as { id?: string }).id === objectId));
}

export async function ledgerOf(userId: string) {
  const database = await db();
  return {
    grants: await database.select().from(grants).where(eq(grants.userId, userId)),
    payments: await database.select().from(payments).where(eq(payments.userId, userId)),
    orders: await database.select().from(orders).where(eq(orders.userId, userId)),
    subscriptions: await database.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
  };
}

export async function eventRows() {
  return (await db()).select().from(stripeEvents);
}
