import "server-only";
import { config } from "@/lib/config";
import type { Wallet } from "@/lib/domain/payments/offer";
import { walletsFromConfigurations } from "@/lib/domain/payments/stripe-wallets";
import { logger } from "@/lib/server/logger";
import { stripeClient } from "./stripe-client";

/** How long an answer of Stripe's is kept: a change in the Dashboard shows within this time (ADR 0038). */
const KEEP_MS = 10 * 60_000;
/** After a failed call: ask again sooner, listing 银行卡 only meanwhile. */
const KEEP_FAILURE_MS = 60_000;

let cached: { key: string; until: number; wallets: Promise<Wallet[]> } | null = null;

async function fetchWallets(): Promise<Wallet[]> {
  const stripe = stripeClient();
  if (!stripe) return [];
  try {
    // A page waits for this once per ten minutes: a short timeout and no retries, then the cards-only answer.
    const answer = await stripe.paymentMethodConfigurations.list({ limit: 20 }, { timeout: 3000, maxNetworkRetries: 0 });
    return walletsFromConfigurations(answer);
  } catch (err) {
    logger().warn({ err: err instanceof Error ? err.message : String(err) }, "stripe: payment method configurations not read; listing cards only");
    throw err;
  }
}

/**
 * The wallets (支付宝, 微信支付) Stripe offers beside cards, per the account's default payment method configuration
 * (`GET /v1/payment_method_configurations`), kept in memory for ten minutes; none without Stripe or when Stripe does
 * not answer.
 */
export async function offeredWallets(now = Date.now()): Promise<Wallet[]> {
  const stripe = config().stripe;
  if (!stripe) return [];
  const key = `${stripe.secretKey}|${stripe.apiBase?.href ?? ""}`;
  if (!cached || cached.key !== key || cached.until <= now) {
    const wallets = fetchWallets();
    const entry = { key, until: now + KEEP_MS, wallets };
    cached = entry;
    wallets.catch(() => {
      if (cached === entry) entry.until = Date.now() + KEEP_FAILURE_MS;
    });
  }
  return cached.wallets.catch(() => []);
}
