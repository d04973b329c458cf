import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { config } from "@/lib/config";
import { db, type Database } from "@/lib/db";
import { plans, planStripePrices } from "@/lib/db/schema";
import type { PlanView } from "@/lib/domain/payments/types";
import { assertAdminRights, type Actor } from "@/lib/server/auth/roles";
import { publicData } from "@/lib/server/cache/public-data";
import { requireStripe } from "./stripe-client";

type Runner = Pick<Database, "select" | "insert" | "update">;

function toView(row: typeof plans.$inferSelect): PlanView {
  return {
    id: row.id,
    levelId: row.levelId === 200 ? 200 : 100,
    name: row.name,
    period: row.period,
    days: row.days,
    priceFen: row.priceFen,
    renewable: row.renewable,
    active: row.active,
  };
}

/** The catalog, VIP before SVIP, month → quarter → year; plans off sale only when asked (admin). */
export async function listPlans(opts: { includeHidden?: boolean } = {}): Promise<PlanView[]> {
  const listed = await publicData(`plans|${opts.includeHidden ? "all" : "on-sale"}`, ["plans"], async () => {
    const rows = await (await db())
      .select()
      .from(plans)
      .where(opts.includeHidden ? undefined : eq(plans.active, true))
      .orderBy(asc(plans.levelId), asc(plans.sortOrder));
    return rows.map(toView);
  });
  return listed.map((plan) => ({ ...plan }));
}

export async function planById(planId: string, runner?: Pick<Database, "select">): Promise<PlanView | null> {
  const [row] = await (runner ?? (await db())).select().from(plans).where(eq(plans.id, planId)).limit(1);
  return row ? toView(row) : null;
}

export interface PaymentAvailability {
  stripe: boolean;
  publishableKey: string | null;
  testMode: boolean;
}

export function paymentAvailability(): PaymentAvailability {
  const cfg = config();
  return { stripe: cfg.stripe !== null, publishableKey: cfg.stripe?.publishableKey ?? null, testMode: cfg.paymentTestMode };
}

export interface PlanEdit {
  name: string;
  priceFen: number;
  active: boolean;
}

/** Administrators only; a new price applies to new orders (subscriptions keep the Stripe price they started with). */
export async function updatePlan(actor: Actor | null, planId: string, edit: PlanEdit): Promise<PlanView | null> {
  assertAdminRights(actor);
  const [row] = await (await db())
    .update(plans)
    .set({ name: edit.name, priceFen: edit.priceFen, active: edit.active, updatedAt: new Date() })
    .where(eq(plans.id, planId))
    .returning();
  return row ? toView(row) : null;
}

/** What a Stripe Price of ours is for: a plan at an amount, one-off or monthly. */
export interface PriceSpec {
  plan: Pick<PlanView, "id" | "name" | "period">;
  amountFen: number;
  recurring: boolean;
}

function lookupKeyOf(spec: PriceSpec): string {
  return `lianghua:${spec.plan.id}:${spec.amountFen}:${spec.recurring ? "monthly" : "once"}`;
}

async function storedPriceId(spec: PriceSpec): Promise<string | null> {
  const [known] = await (await db())
    .select({ id: planStripePrices.stripePriceId })
    .from(planStripePrices)
    .where(and(eq(planStripePrices.planId, spec.plan.id), eq(planStripePrices.amountFen, spec.amountFen), eq(planStripePrices.recurring, spec.recurring)))
    .limit(1);
  return known?.id ?? null;
}

/** An active Stripe Price with the spec's lookup key (another instance may have made it), else a new one. */
async function findOrCreatePrice(spec: PriceSpec, idempotencyKey: string, transferLookupKey: boolean): Promise<string> {
  const stripe = requireStripe();
  const lookupKey = lookupKeyOf(spec);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price =
    found.data[0] ??
    (await stripe.prices.create(
      {
        currency: "cny",
        unit_amount: spec.amountFen,
        lookup_key: lookupKey,
        ...(transferLookupKey ? { transfer_lookup_key: true } : {}),
        product_data: { name: spec.plan.name },
        metadata: { planId: spec.plan.id },
        ...(spec.recurring ? { recurring: { interval: "month" as const } } : {}),
      },
      { idempotencyKey },
    ));
  return price.id;
}

/**
 * The Stripe Price for a plan at an amount: ours if we made it before, else found by its lookup key (another instance
 * may have made it) or created. Recurring prices bill monthly.
 */
export async function stripePriceFor(plan: Pick<PlanView, "id" | "name" | "period">, amountFen: number, recurring: boolean): Promise<string> {
  const spec = { plan, amountFen, recurring };
  const known = await storedPriceId(spec);
  if (known) return known;
  const id = await findOrCreatePrice(spec, lookupKeyOf(spec), false);
  await recordStripePrice(await db(), { stripePriceId: id, planId: plan.id, amountFen, recurring });
  return id;
}

/**
 * Replaces a stored price Stripe no longer knows (deleted, or made under other keys): found by lookup key or created
 * afresh — under an idempotency key naming the missing id, since the original key would replay the lost price — and
 * stored in the same row, whose old id meant nothing to Stripe any more. A concurrent replacement that stored first wins.
 */
export async function replaceMissingStripePrice(spec: PriceSpec, missingId: string): Promise<string> {
  const id = await findOrCreatePrice(spec, `${lookupKeyOf(spec)}:replacing:${missingId}`, true);
  await (await db()).update(planStripePrices).set({ stripePriceId: id }).where(eq(planStripePrices.stripePriceId, missingId));
  return (await storedPriceId(spec)) ?? id;
}

async function recordStripePrice(runner: Runner, row: typeof planStripePrices.$inferInsert): Promise<void> {
  await runner.insert(planStripePrices).values(row).onConflictDoNothing();
}

export interface CatalogPrice {
  planId: string;
  amountFen: number;
  currency: string;
  recurring: boolean;
}

/** A Stripe price id of our catalog (any amount it was ever sold at), or null for a price we never made. */
export async function catalogPrice(stripePriceId: string, runner?: Pick<Database, "select">): Promise<CatalogPrice | null> {
  const [row] = await (runner ?? (await db()))
    .select({ planId: planStripePrices.planId, amountFen: planStripePrices.amountFen, currency: planStripePrices.currency, recurring: planStripePrices.recurring })
    .from(planStripePrices)
    .where(eq(planStripePrices.stripePriceId, stripePriceId))
    .limit(1);
  return row ?? null;
}
