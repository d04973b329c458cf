import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { startStripeLocal, type StripeLocal, type StripeLocalOptions } from "./server";

const SECRET = "whsec_stripe_local_test";
const DECLINED = "4000000000000002";

function sdk(local: StripeLocal, key = "sk_test_local"): Stripe {
  return new Stripe(key, { host: "127.0.0.1", port: local.port, protocol: "http", maxNetworkRetries: 0 });
}

/** Event types created since `from` events had been created. */
function typesSince(local: StripeLocal, from: number): string[] {
  return local.events().slice(from).map((e) => e.type);
}

/** A webhook endpoint that records what it receives and answers with the given statuses (then 200). */
async function webhookReceiver(statuses: number[] = []) {
  const received: { signature: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ signature: String(req.headers["stripe-signature"]), body });
      res.writeHead(statuses.shift() ?? 200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let local: StripeLocal;
let stripe: Stripe;

async function start(options: Partial<StripeLocalOptions> = {}): Promise<void> {
  local = await startStripeLocal({ port: 0, webhookUrl: null, webhookSecret: SECRET, ...options });
  stripe = sdk(local);
}

async function monthlyPrice(lookupKey?: string): Promise<Stripe.Price> {
  return stripe.prices.create({
    currency: "cny", unit_amount: 2900, recurring: { interval: "month" }, product_data: { name: "月度会员" }, lookup_key: lookupKey,
  });
}

/** A subscription whose first invoice has been paid through its PaymentIntent. */
async function activeSubscription(): Promise<{ customer: Stripe.Customer; sub: Stripe.Subscription; piId: string }> {
  const customer = await stripe.customers.create({ email: "member@example.com" });
  const price = await monthlyPrice();
  const sub = await stripe.subscriptions.create({
    customer: customer.id, items: [{ price: price.id }], payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" }, metadata: { orderGuid: "o-1" },
    expand: ["latest_invoice.confirmation_secret"],
  });
  const invoice = sub.latest_invoice as Stripe.Invoice;
  const piId = invoice.confirmation_secret!.client_secret.split("_secret_")[0]!;
  await local.confirmPaymentIntent(piId);
  return { customer, sub, piId };
}

afterEach(async () => {
  await local.close();
});

describe("Stripe API basics", () => {
  beforeEach(() => start());

  it("creates customers, finds prices by lookup key and creates payment intents", async () => {
    const customer = await stripe.customers.create({ email: "a@example.com", name: "张三", metadata: { userId: "42" } });
    expect(customer.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ email: "a@example.com", metadata: { userId: "42" } });

    const price = await monthlyPrice("vip_month");
    expect(price).toMatchObject({ object: "price", unit_amount: 2900, type: "recurring", recurring: { interval: "month" } });
    expect(price.product).toMatch(/^prod_/);
    const found = await stripe.prices.list({ lookup_keys: ["vip_month"], active: true });
    expect(found.data.map((p) => p.id)).toEqual([price.id]);
    expect((await stripe.prices.list({ lookup_keys: ["other"] })).data).toEqual([]);

    const pi = await stripe.paymentIntents.create({
      amount: 9900, currency: "cny", customer: customer.id, automatic_payment_methods: { enabled: true }, metadata: { orderGuid: "o-9" },
    });
    expect(pi.status).toBe("requires_payment_method");
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_`));
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ amount: 9900, customer: customer.id, metadata: { orderGuid: "o-9" } });
  });

  it("replays a request sent again with its idempotency key and refuses the key with other parameters", async () => {
    const first = await stripe.customers.create({ email: "x@example.com" }, { idempotencyKey: "signup-1" });
    const again = await stripe.customers.create({ email: "x@example.com" }, { idempotencyKey: "signup-1" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");

    await expect(stripe.customers.create({ email: "y@example.com" }, { idempotencyKey: "signup-1" }))
      .rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("answers unknown ids with resource_missing and a wrong key with an authentication error", async () => {
    const missing = stripe.paymentIntents.retrieve("pi_nope");
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ code: "resource_missing", statusCode: 404, param: "id" });

    await expect(sdk(local, "sk_live_nope").customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("lists the default payment method configuration, with cards, Alipay and WeChat Pay available", async () => {
    const configs = await stripe.paymentMethodConfigurations.list();
    expect(configs.data).toHaveLength(1);
    const [config] = configs.data;
    expect(config).toMatchObject({ object: "payment_method_configuration", active: true, is_default: true });
    expect([config!.card?.available, config!.alipay?.available, config!.wechat_pay?.available]).toEqual([true, true, true]);
  });

  it("lists events by type and creation time, newest first", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 100, currency: "cny" });
    await local.confirmPaymentIntent(pi.id);
    const events = await stripe.events.list({ types: ["payment_intent.succeeded", "charge.succeeded"], created: { gt: 0 } });
    expect(events.data.map((e) => e.type)).toEqual(["payment_intent.succeeded", "charge.succeeded"]);
    expect((await stripe.events.retrieve(events.data[0]!.id)).data.object).toMatchObject({ id: pi.id, status: "succeeded" });
  });
});

describe("forgetting objects and injected errors", () => {
  beforeEach(() => start());

  it("a forgotten customer or price answers 404 resource_missing in Stripe's shape, in the path and as a parameter", async () => {
    const customer = await stripe.customers.create({ email: "gone@example.com" }, { idempotencyKey: "customer-gone" });
    const price = await stripe.prices.create({ currency: "cny", unit_amount: 2900, product_data: { name: "月度会员" }, lookup_key: "vip_once" });
    local.forget(customer.id, price.id);

    const raw = await fetch(`${local.url}/v1/customers/${customer.id}`, { headers: { authorization: "Bearer sk_test_local" } });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({ error: {
      type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such customer: '${customer.id}'`,
      doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    } });
    await expect(stripe.paymentIntents.create({ amount: 100, currency: "cny", customer: customer.id }))
      .rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "resource_missing", statusCode: 404, param: "customer" });
    await expect(stripe.checkout.sessions.create({ mode: "payment", line_items: [{ price: price.id, quantity: 1 }], success_url: "http://x/ok" }))
      .rejects.toMatchObject({ code: "resource_missing", statusCode: 404, param: "line_items[0][price]" });
    expect((await stripe.prices.list({ lookup_keys: ["vip_once"] })).data).toEqual([]);
    // As at Stripe, the idempotency key still replays the answer that named it.
    expect((await stripe.customers.create({ email: "gone@example.com" }, { idempotencyKey: "customer-gone" })).id).toBe(customer.id);
    expect(() => local.forget(customer.id)).toThrow();
  });

  it("forgets over HTTP: one object, or every object of a type (a restart with other keys)", async () => {
    const [a, b] = [await stripe.customers.create({}), await stripe.customers.create({})];
    const one = await fetch(`${local.url}/_local/objects/${a.id}/forget`, { method: "POST" });
    expect([one.status, await one.json()]).toEqual([200, { id: a.id, forgotten: true }]);
    expect((await fetch(`${local.url}/_local/objects/${a.id}/forget`, { method: "POST" })).status).toBe(404);
    const all = await fetch(`${local.url}/_local/forget/customer`, { method: "POST" });
    expect(await all.json()).toEqual({ forgotten: [b.id] });
    await expect(stripe.customers.retrieve(b.id)).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("answers an injected error the given number of times, and logs every request", async () => {
    const missing = { status: 404, body: { type: "invalid_request_error", code: "resource_missing", param: "customer", message: "No such customer: 'cus_x'" } };
    local.failNext("POST", "/v1/customers", missing, 2);
    for (let i = 0; i < 2; i++) {
      await expect(stripe.customers.create({}, { idempotencyKey: "k" })).rejects.toMatchObject({ code: "resource_missing", param: "customer" });
    }
    const made = await stripe.customers.create({}, { idempotencyKey: "k" });
    expect(made.id).toMatch(/^cus_/);
    expect(local.requests().map((r) => [r.method, r.path, r.status, r.idempotencyKey])).toEqual([
      ["POST", "/v1/customers", 404, "k"], ["POST", "/v1/customers", 404, "k"], ["POST", "/v1/customers", 200, "k"],
    ]);
  });
});

describe("payment intents", () => {
  beforeEach(() => start());

  it("succeeds with a charge, or declines with Stripe's error, and each outcome sends its events", async () => {
    const paid = await stripe.paymentIntents.create({ amount: 9900, currency: "cny" });
    expect(await local.confirmPaymentIntent(paid.id)).toMatchObject({ status: "succeeded", amount_received: 9900 });
    const withCharge = await stripe.paymentIntents.retrieve(paid.id, { expand: ["latest_charge"] });
    expect(withCharge.latest_charge).toMatchObject({ object: "charge", amount: 9900, status: "succeeded", payment_intent: paid.id });
    expect(typesSince(local, 0)).toEqual(["charge.succeeded", "payment_intent.succeeded"]);

    const declined = await stripe.paymentIntents.create({ amount: 9900, currency: "cny" });
    await local.confirmPaymentIntent(declined.id, DECLINED);
    const failed = await stripe.paymentIntents.retrieve(declined.id);
    expect(failed).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
    });
    expect(failed.last_payment_error!.charge).toBe(failed.latest_charge);
    expect(await stripe.charges.retrieve(failed.latest_charge as string)).toMatchObject({ status: "failed", failure_code: "card_declined" });
    expect(typesSince(local, 2)).toEqual(["payment_intent.payment_failed"]);
  });

  it("signs events so that the SDK's webhook check accepts them", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 500, currency: "cny" });
    await local.confirmPaymentIntent(pi.id);
    const succeeded = local.events().find((e) => e.type === "payment_intent.succeeded")!;

    const { payload, header } = local.signedEvent(succeeded.id);
    const event = stripe.webhooks.constructEvent(payload, header, SECRET);
    expect(event).toMatchObject({ id: succeeded.id, type: "payment_intent.succeeded", api_version: "2026-10-28.endive" });
    expect(event.data.object).toMatchObject({ id: pi.id, status: "succeeded" });
    expect(() => stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

describe("subscriptions", () => {
  beforeEach(() => start());

  it("becomes active once its first invoice's payment intent is confirmed", async () => {
    const before = local.events().length;
    const { sub, piId } = await activeSubscription();
    expect(sub.status).toBe("incomplete");
    expect((sub.latest_invoice as Stripe.Invoice).billing_reason).toBe("subscription_create");

    const invoice = await stripe.invoices.retrieve((sub.latest_invoice as Stripe.Invoice).id, { expand: ["payments"] });
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 2900, parent: { subscription_details: { subscription: sub.id } } });
    expect(invoice.payments!.data[0]!.payment).toEqual({ type: "payment_intent", payment_intent: piId });
    expect(invoice.status_transitions.paid_at).toEqual(expect.any(Number));
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: "active", metadata: { orderGuid: "o-1" } });
    expect(typesSince(local, before)).toEqual([
      "customer.subscription.created", "charge.succeeded", "payment_intent.succeeded", "invoice.paid", "invoice.payment_succeeded",
      "customer.subscription.updated",
    ]);
    expect(local.events().at(-1)!.data.previous_attributes).toMatchObject({ status: "incomplete" });
  });

  it("stays incomplete when the first payment is declined", async () => {
    const customer = await stripe.customers.create({});
    const sub = await stripe.subscriptions.create({
      customer: customer.id, items: [{ price: (await monthlyPrice()).id }], expand: ["latest_invoice.confirmation_secret"],
    });
    const before = local.events().length;
    await local.confirmPaymentIntent((sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret.split("_secret_")[0]!, DECLINED);
    expect(typesSince(local, before)).toEqual(["payment_intent.payment_failed", "invoice.payment_failed"]);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("incomplete");
  });

  it("renews into a new paid invoice for the next month", async () => {
    const { sub } = await activeSubscription();
    const first = sub.items.data[0]!;
    expect(first.current_period_end - first.current_period_start).toBeGreaterThanOrEqual(28 * 86_400);
    expect(first.current_period_end - first.current_period_start).toBeLessThanOrEqual(31 * 86_400);

    const before = local.events().length;
    const renewal = await local.renewSubscription(sub.id);
    expect(renewal).toMatchObject({ status: "paid", billing_reason: "subscription_cycle", amount_paid: 2900 });
    expect(renewal.lines.data[0]!.period.start).toBe(first.current_period_end);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.latest_invoice).toBe(renewal.id);
    expect(renewed.items.data[0]!.current_period_start).toBe(first.current_period_end);
    expect(typesSince(local, before).filter((t) => t.startsWith("invoice.paid") || t.startsWith("customer.")))
      .toEqual(["invoice.paid", "customer.subscription.updated"]);
  });

  it("a declined renewal leaves the invoice open and the subscription past_due", async () => {
    const { sub } = await activeSubscription();
    const renewal = await local.renewSubscription(sub.id, DECLINED);
    expect(renewal).toMatchObject({ status: "open", attempt_count: 1 });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("past_due");
    expect(local.events().map((e) => e.type)).toContain("invoice.payment_failed");
  });

  it("sets and clears cancel_at_period_end, then cancels for good", async () => {
    const { sub } = await activeSubscription();
    const canceling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ status: "active", cancel_at_period_end: true, cancel_at: sub.items.data[0]!.current_period_end });
    expect(local.events().at(-1)).toMatchObject({
      type: "customer.subscription.updated", data: { previous_attributes: { cancel_at_period_end: false } },
    });
    expect(await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false })).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe("canceled");
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect(local.events().at(-1)).toMatchObject({ type: "customer.subscription.deleted", data: { object: { status: "canceled" } } });
    await expect(local.renewSubscription(sub.id)).rejects.toMatchObject({ status: 400 });
  });
});

describe("checkout sessions", () => {
  beforeEach(() => start());

  async function oneTimePrice(): Promise<Stripe.Price> {
    return stripe.prices.create({ currency: "cny", unit_amount: 19900, product_data: { name: "季度会员" } });
  }

  it("payment mode: completing pays a payment intent that carries payment_intent_data", async () => {
    const price = await oneTimePrice();
    const session = await stripe.checkout.sessions.create({
      mode: "payment", line_items: [{ price: price.id, quantity: 1 }], client_reference_id: "o-7", metadata: { orderGuid: "o-7" },
      payment_intent_data: { metadata: { orderGuid: "o-7" }, description: "季度会员" },
      success_url: "http://app.test/paid?session_id={CHECKOUT_SESSION_ID}", cancel_url: "http://app.test/cancel",
    });
    expect(session).toMatchObject({ status: "open", payment_status: "unpaid", amount_total: 19900, currency: "cny" });
    expect(session.url).toBe(`${local.url}/checkout/${session.id}`);
    const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(withItems.line_items!.data[0]).toMatchObject({ object: "item", quantity: 1, amount_total: 19900, price: { id: price.id } });
    expect((await stripe.checkout.sessions.listLineItems(session.id)).data).toHaveLength(1);

    const before = local.events().length;
    await local.completeCheckoutSession(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: "complete", payment_status: "paid", client_reference_id: "o-7", subscription: null });
    const pi = await stripe.paymentIntents.retrieve(done.payment_intent as string);
    expect(pi).toMatchObject({ status: "succeeded", amount: 19900, description: "季度会员", metadata: { orderGuid: "o-7" } });
    expect(typesSince(local, before)).toEqual(["charge.succeeded", "payment_intent.succeeded", "checkout.session.completed"]);
    expect(local.events().at(-1)!.data.object).toMatchObject({ id: session.id, payment_status: "paid", payment_intent: pi.id });
  });

  it("subscription mode: completing starts an active subscription with a paid first invoice", async () => {
    const customer = await stripe.customers.create({ email: "s@example.com" });
    const price = await monthlyPrice();
    const session = await stripe.checkout.sessions.create({
      mode: "subscription", customer: customer.id, line_items: [{ price: price.id, quantity: 1 }],
      subscription_data: { metadata: { orderGuid: "o-8" } }, success_url: "http://app.test/ok", cancel_url: "http://app.test/no",
    });
    const before = local.events().length;
    const done = await local.completeCheckoutSession(session.id);
    expect(done).toMatchObject({ status: "complete", payment_status: "paid", payment_intent: null });
    const sub = await stripe.subscriptions.retrieve(done.subscription as string);
    expect(sub).toMatchObject({ status: "active", customer: customer.id, metadata: { orderGuid: "o-8" }, latest_invoice: done.invoice });
    expect(await stripe.invoices.retrieve(done.invoice as string)).toMatchObject({ status: "paid", billing_reason: "subscription_create" });
    expect(typesSince(local, before).filter((t) => ["customer.subscription.created", "invoice.paid", "checkout.session.completed"].includes(t)))
      .toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
  });

  it("the hosted page shows a decline and redirects to success_url once paid", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment", line_items: [{ price: (await oneTimePrice()).id }],
      success_url: "http://app.test/paid?session_id={CHECKOUT_SESSION_ID}",
    });
    const page = await fetch(session.url!);
    expect(await page.text()).toContain("Stripe 本地模拟收银台");

    const post = (card: string) => fetch(session.url!, {
      method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `card=${encodeURIComponent(card)}`,
    });
    const declined = await post("4000 0000 0000 0002");
    expect(await declined.text()).toContain("Your card was declined.");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const paid = await post("4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/paid?session_id=${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe("paid");
  });
});

describe("refunds", () => {
  beforeEach(() => start());

  it("refunds part of a charge, then the rest", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1000, currency: "cny" });
    const chargeId = (await local.confirmPaymentIntent(pi.id)).latest_charge as string;
    const before = local.events().length;

    expect(await local.refundCharge(chargeId, 300)).toMatchObject({ amount_refunded: 300, refunded: false });
    expect(await local.refundCharge(chargeId)).toMatchObject({ amount_refunded: 1000, refunded: true });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount: 1000, amount_refunded: 1000, refunded: true, payment_intent: pi.id });
    expect(typesSince(local, before)).toEqual(["charge.refunded", "refund.created", "charge.refunded", "refund.created"]);
    expect(local.events()[before]!.data.object).toMatchObject({ amount_refunded: 300 });
    await expect(local.refundCharge(chargeId, 1)).rejects.toMatchObject({ status: 400 });
  });
});

describe("webhook delivery", () => {
  it("posts each event, signed, in the order it was created", async () => {
    const receiver = await webhookReceiver();
    await start({ webhookUrl: receiver.url });
    try {
      const pi = await stripe.paymentIntents.create({ amount: 2000, currency: "cny" });
      await local.confirmPaymentIntent(pi.id);
      await local.refundCharge((await stripe.paymentIntents.retrieve(pi.id)).latest_charge as string);
      await local.idle();

      const delivered = receiver.received.map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, SECRET));
      expect(delivered.map((e) => e.type)).toEqual(["charge.succeeded", "payment_intent.succeeded", "charge.refunded", "refund.created"]);
      expect(delivered.map((e) => e.id)).toEqual(local.events().map((e) => e.id));
    } finally {
      await receiver.close();
    }
  });

  it("manual mode delivers only when asked, and again after a failure", async () => {
    const receiver = await webhookReceiver([500]);
    await start({ webhookUrl: receiver.url, delivery: "manual" });
    try {
      const pi = await stripe.paymentIntents.create({ amount: 2000, currency: "cny" });
      await local.confirmPaymentIntent(pi.id, DECLINED);
      await local.idle();
      expect(receiver.received).toEqual([]);

      const eventId = local.events()[0]!.id;
      const deliver = () => fetch(`${local.url}/_local/events/${eventId}/deliver`, { method: "POST" }).then((r) => r.json());
      expect(await deliver()).toMatchObject({ status: 500 });
      expect(await deliver()).toMatchObject({ status: 200 });
      expect(receiver.received.map((r) => JSON.parse(r.body).id)).toEqual([eventId, eventId]);
    } finally {
      await receiver.close();
    }
  });
});
