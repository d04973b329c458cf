import "server-only";
import Stripe from "stripe";
import { config } from "@/lib/config";

let cached: { key: string; client: Stripe } | null = null;

/** The Stripe SDK for the configured account (or the Stripe-compatible server at STRIPE_API_BASE); null without keys. */
export function stripeClient(): Stripe | null {
  const stripe = config().stripe;
  if (!stripe) return null;
  const key = `${stripe.secretKey}|${stripe.apiBase?.href ?? ""}`;
  if (cached?.key === key) return cached.client;
  const base = stripe.apiBase;
  const client = new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "lianghua" },
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80), protocol: base.protocol === "https:" ? "https" : "http" }
      : {}),
  });
  cached = { key, client };
  return client;
}

export function requireStripe(): Stripe {
  const client = stripeClient();
  if (!client) throw new PaymentNotConfiguredError();
  return client;
}

export class PaymentNotConfiguredError extends Error {
  constructor() {
    super("Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)");
  }
}

/** Stripe's object ids as they appear in expandable fields. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
