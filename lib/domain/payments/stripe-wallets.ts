import { z } from "zod";
import { WALLETS, type Wallet } from "./offer";

// Server-side only in practice: kept apart from offer.ts so client components naming the methods never load zod.
const entry = z.looseObject({ available: z.boolean() });
const configuration = z.looseObject({
  active: z.boolean(),
  is_default: z.boolean(),
  alipay: entry.optional(),
  wechat_pay: entry.optional(),
});
const list = z.looseObject({ data: z.array(z.unknown()) });

/**
 * The wallets of Stripe's default payment method configuration (`GET /v1/payment_method_configurations`): the one
 * PaymentIntents with automatic payment methods and Checkout use when none is named. A wallet counts when its
 * `available` is true (Stripe: display preference on and the capability active). Anything unexpected in the answer
 * counts as no wallets: the pages then list 银行卡 only, never a method the buyer would not find.
 */
export function walletsFromConfigurations(body: unknown): Wallet[] {
  const parsed = list.safeParse(body);
  if (!parsed.success) return [];
  const configs = parsed.data.data.flatMap((item) => {
    const c = configuration.safeParse(item);
    return c.success ? [c.data] : [];
  });
  const chosen = configs.find((c) => c.is_default && c.active);
  if (!chosen) return [];
  return WALLETS.filter((w) => chosen[w]?.available === true);
}
