import Stripe from "stripe";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { planStripePrices, stripeCustomers } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { Viewer } from "@/lib/server/auth/viewer";
import type { StripeLocal } from "@/test/stripe-local/server";
import { createOrder } from "./orders";
import { deliver, eventsFor, ledgerOf, newMember, startStandIn } from "./payments-test-kit";
import { startCardPayment, startHostedCheckout } from "./stripe-start";

process.env.LOG_LEVEL = "silent";

let local: StripeLocal;
let stripe: Stripe;

beforeAll(async () => {
  local = await startStandIn();
  stripe = new Stripe("sk_test_local", { host: "127.0.0.1", port: local.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => local.close());

const MISSING_CUSTOMER = {
  status: 404,
  body: { type: "invalid_request_error", code: "resource_missing", param: "customer", message: "No such customer: 'cus_gone'" },
};

async function order(viewer: Viewer, method: "card" | "checkout", planId: string, autoRenew = false) {
  const created = await createOrder(viewer, { planId, method, autoRenew, nonce: `nonce-${Math.random()}` });
  return created.order;
}

async function storedCustomer(userId: string): Promise<string> {
  const [row] = await (await db()).select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
  return row!.stripeCustomerId;
}

async function storedPrice(planId: string, recurring: boolean): Promise<string[]> {
  const rows = await (await db())
    .select()
    .from(planStripePrices)
    .where(and(eq(planStripePrices.planId, planId), eq(planStripePrices.recurring, recurring)));
  return rows.map((r) => r.stripePriceId);
}

const posts = (path: string) => local.requests().filter((r) => r.method === "POST" && r.path === path).length;

describeOnEachEngine("Stripe ids that Stripe no longer knows", () => {
  it("hosted checkout still works after the stand-in forgets the price and the customer; the new ids are stored and the pass is granted once", async () => {
    const viewer = await newMember();
    const first = await startHostedCheckout(viewer, (await order(viewer, "checkout", "vip-quarter")).orderGuid);
    expect(first.url).toMatch(/^http/);
    const [oldCustomer, [oldPrice]] = [await storedCustomer(viewer.userId), await storedPrice("vip-quarter", false)];
    local.forget(oldCustomer, oldPrice!);

    const paying = await order(viewer, "checkout", "vip-quarter");
    const started = await startHostedCheckout(viewer, paying.orderGuid);
    const [newCustomer, newPrices] = [await storedCustomer(viewer.userId), await storedPrice("vip-quarter", false)];
    expect(newCustomer).not.toBe(oldCustomer);
    expect(newPrices).toHaveLength(1);
    expect(newPrices[0]).not.toBe(oldPrice);
    expect(await stripe.customers.retrieve(newCustomer)).toMatchObject({ metadata: { userId: viewer.userId } });
    expect(await stripe.prices.retrieve(newPrices[0]!)).toMatchObject({ unit_amount: paying.amountFen, lookup_key: "lianghua:vip-quarter:" + paying.amountFen + ":once" });

    const sessionId = started.url.split("/").pop()!;
    const session = await local.completeCheckoutSession(sessionId);
    expect(session.customer).toBe(newCustomer);
    expect(session.line_items!.data[0]!.price!.id).toBe(newPrices[0]);
    const piId = session.payment_intent as string;
    for (const e of [...eventsFor(local, "checkout.session.completed", sessionId), ...eventsFor(local, "payment_intent.succeeded", piId)]) {
      expect((await deliver(local, e.id)).status).toBe(200);
      expect((await deliver(local, e.id)).status).toBe(200);
    }
    const ledger = await ledgerOf(viewer.userId);
    expect(ledger.grants).toHaveLength(1);
    expect(ledger.payments).toHaveLength(1);
    expect(ledger.orders.find((o) => o.orderGuid === paying.orderGuid)?.status).toBe("paid");
  });

  it("a card payment and a monthly subscription recreate the customer and the recurring price the same way", async () => {
    const viewer = await newMember();
    await expect(startCardPayment(viewer, (await order(viewer, "card", "svip-month", true)).orderGuid)).resolves.toMatchObject({ mode: "subscription" });
    const [oldCustomer, [oldPrice]] = [await storedCustomer(viewer.userId), await storedPrice("svip-month", true)];
    local.forget(oldCustomer, oldPrice!);

    const pass = await startCardPayment(viewer, (await order(viewer, "card", "vip-month")).orderGuid);
    const customer = await storedCustomer(viewer.userId);
    expect(customer).not.toBe(oldCustomer);
    const pi = await stripe.paymentIntents.retrieve(pass.clientSecret.split("_secret_")[0]!);
    expect(pi.customer).toBe(customer);

    const renewing = await startCardPayment(viewer, (await order(viewer, "card", "svip-month", true)).orderGuid);
    expect(renewing.mode).toBe("subscription");
    const [price] = await storedPrice("svip-month", true);
    expect(price).not.toBe(oldPrice);
    const [sub] = (await stripe.subscriptions.list({ customer, status: "all" })).data;
    expect(sub?.items.data[0]?.price.id).toBe(price);
  });

  it("does not retry when every stored id is still known (the missing object is not one we store)", async () => {
    const viewer = await newMember();
    await expect(startHostedCheckout(viewer, (await order(viewer, "checkout", "vip-month")).orderGuid)).resolves.toMatchObject({ url: expect.stringMatching(/^http/) });
    const customer = await storedCustomer(viewer.userId);
    const before = posts("/v1/checkout/sessions");
    local.failNext("POST", "/v1/checkout/sessions", { ...MISSING_CUSTOMER, body: { ...MISSING_CUSTOMER.body, param: "discounts[0][coupon]" } });
    await expect(startHostedCheckout(viewer, (await order(viewer, "checkout", "vip-month")).orderGuid)).rejects.toMatchObject({ code: "resource_missing" });
    expect(posts("/v1/checkout/sessions") - before).toBe(1);
    expect(await storedCustomer(viewer.userId)).toBe(customer);
  });

  it("retries exactly once: a second resource_missing is an error, not a loop, and the next attempt uses the stored new id", async () => {
    const viewer = await newMember();
    await expect(startHostedCheckout(viewer, (await order(viewer, "checkout", "vip-month")).orderGuid)).resolves.toMatchObject({ url: expect.stringMatching(/^http/) });
    const oldCustomer = await storedCustomer(viewer.userId);
    local.forget(oldCustomer);
    const [sessionsBefore, customersBefore] = [posts("/v1/checkout/sessions"), posts("/v1/customers")];
    local.failNext("POST", "/v1/checkout/sessions", MISSING_CUSTOMER, 2);

    const failing = await order(viewer, "checkout", "vip-month");
    await expect(startHostedCheckout(viewer, failing.orderGuid)).rejects.toMatchObject({ code: "resource_missing" });
    expect(posts("/v1/checkout/sessions") - sessionsBefore).toBe(2);
    expect(posts("/v1/customers") - customersBefore).toBe(1);
    const replaced = await storedCustomer(viewer.userId);
    expect(replaced).not.toBe(oldCustomer);

    const again = await startHostedCheckout(viewer, failing.orderGuid);
    expect(again.url).toMatch(/^http/);
    expect(posts("/v1/customers") - customersBefore).toBe(1);
    expect(await storedCustomer(viewer.userId)).toBe(replaced);
  });
});
