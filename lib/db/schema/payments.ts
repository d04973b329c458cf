import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { grants, users } from "./members";

/** The price list (PRODUCT.md), editable in /admin/plans. Seeded from lib/domain/plans DEFAULT_PLANS. */
export const plans = pgTable(
  "plans",
  {
    id: text("id").primaryKey(),
    levelId: integer("level_id").notNull(),
    name: text("name").notNull(),
    period: text("period", { enum: ["month", "quarter", "year"] }).notNull(),
    days: integer("days").notNull(),
    priceFen: integer("price_fen").notNull(),
    renewable: boolean("renewable").notNull().default(false),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("plans_level_check", sql`${t.levelId} in (100, 200)`),
    check("plans_price_check", sql`${t.priceFen} between 100 and 10000000`),
    check("plans_days_check", sql`${t.days} between 1 and 3660`),
  ],
);

/**
 * Stripe Price objects made for a plan at a given amount. Stripe prices are immutable, so a new amount gets a new
 * row; old rows stay so renewals of subscriptions started at an old price still match our catalog.
 */
export const planStripePrices = pgTable(
  "plan_stripe_prices",
  {
    stripePriceId: text("stripe_price_id").primaryKey(),
    planId: text("plan_id").notNull().references(() => plans.id),
    amountFen: integer("amount_fen").notNull(),
    currency: text("currency").notNull().default("cny"),
    recurring: boolean("recurring").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("plan_stripe_prices_plan_idx").on(t.planId, t.amountFen, t.recurring)],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderGuid: uuid("order_guid").notNull().unique().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull().references(() => plans.id),
    planName: text("plan_name").notNull(),
    levelId: integer("level_id").notNull(),
    days: integer("days").notNull(),
    amountFen: integer("amount_fen").notNull(),
    currency: text("currency").notNull().default("cny"),
    method: text("method", { enum: ["card", "checkout", "test"] }).notNull(),
    autoRenew: boolean("auto_renew").notNull().default(false),
    status: text("status", { enum: ["pending", "paid", "failed", "canceled", "refunded", "partially_refunded"] }).notNull().default("pending"),
    /** The PaymentIntent, Checkout Session or Subscription made for this order (or the test provider's id). */
    providerRef: text("provider_ref").unique(),
    /** (member, plan, method, renewal, client nonce): a double click finds this order instead of making another. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    failureMessage: text("failure_message"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("orders_user_idx").on(t.userId, t.createdAt), check("orders_amount_check", sql`${t.amountFen} > 0`)],
);

/** One row per successful charge: a pass, a subscription's first invoice or a renewal. The receipt. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The PaymentIntent (passes) or Invoice (subscriptions) id, or the test provider's id: the grant's source key. */
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    /** The PaymentIntent that moved the money (for refunds, which name a charge and its PaymentIntent). */
    paymentIntentId: text("payment_intent_id").unique(),
    kind: text("kind", { enum: ["pass", "subscription_start", "renewal"] }).notNull(),
    amountFen: integer("amount_fen").notNull(),
    refundedFen: integer("refunded_fen").notNull().default(0),
    currency: text("currency").notNull().default("cny"),
    grantId: uuid("grant_id").references(() => grants.id, { onDelete: "set null" }),
    receiptNumber: text("receipt_number").notNull().unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_user_idx").on(t.userId, t.paidAt), check("payments_refund_check", sql`${t.refundedFen} between 0 and ${t.amountFen}`)],
);

/** A member's Stripe subscription, upserted from Stripe's current state on every event (never from event order). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stripeSubscriptionId: text("stripe_subscription_id").notNull().unique(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull().references(() => plans.id),
    status: text("status").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId)],
);

/** Each Stripe event id once: inserted in the transaction that applies the event. */
export const stripeEvents = pgTable("stripe_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  objectId: text("object_id").notNull().default(""),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe customers of our members (one per member). */
export const stripeCustomers = pgTable("stripe_customers", {
  userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** E-mail topics a member has turned off (/user/unsubscribe). */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);
