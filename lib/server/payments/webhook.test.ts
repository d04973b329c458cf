import Stripe from "stripe";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { membershipOf } from "@/lib/server/members/grants";
import { logger } from "@/lib/server/logger";
import type { StripeLocal } from "@/test/stripe-local/server";
import { createOrder } from "./orders";
import { deliver, eventRows, eventsFor, ledgerOf, newMember, startStandIn, WEBHOOK_SECRET } from "./payments-test-kit";
import { settleOrderForViewer } from "./settle";
import { startCardPayment, startHostedCheckout } from "./stripe-start";
import { handleStripeWebhook } from "./webhook";

const DAY_MS = 86_400_000;
let local: StripeLocal;
let stripe: Stripe;

beforeAll(async () => {
  local = await startStandIn();
  stripe = new Stripe("sk_test_local", { host: "127.0.0.1", port: local.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => local.close());

async function paidPassOrder(planId = "vip-month") {
  const viewer = await newMember();
  const created = await createOrder(viewer, { planId, method: "card", autoRenew: false, nonce: `nonce-${Math.random()}` });
  const started = await startCardPayment(viewer, created.order.orderGuid);
  const piId = started.clientSecret.split("_secret_")[0]!;
  return { viewer, order: created.order, piId };
}

describeOnEachEngine("Stripe webhook", (engine) => {
  describe("signature", () => {
    it("refuses a missing, wrong, stale or tampered signature with 400 and changes nothing", async () => {
      const { piId, viewer } = await paidPassOrder();
      await local.confirmPaymentIntent(piId);
      const [event] = eventsFor(local, "payment_intent.succeeded", piId);
      const { payload } = local.signedEvent(event!.id);
      const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someoneelse" });
      const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 });
      const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const future = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) + 400 });
      const answers = [
        await handleStripeWebhook(payload, future),
        await handleStripeWebhook(payload, null),
        await handleStripeWebhook(payload, wrong),
        await handleStripeWebhook(payload, stale),
        await handleStripeWebhook(payload.replace(piId, "pi_forged"), good),
      ];
      expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
      const ledger = await ledgerOf(viewer.userId);
      expect(ledger.grants).toHaveLength(0);
      expect(ledger.payments).toHaveLength(0);
      expect((await eventRows()).some((r) => r.eventId === event!.id)).toBe(false);
    });
  });

  describe("exactly once", () => {
    it("grants once when the same event comes 10 times, 5 of them at once", async () => {
      const { viewer, piId, order } = await paidPassOrder();
      await local.confirmPaymentIntent(piId);
      const [event] = eventsFor(local, "payment_intent.succeeded", piId);
      const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(local, event!.id)));
      const sequential = [];
      for (let i = 0; i < 5; i++) sequential.push(await deliver(local, event!.id));
      expect([...concurrent, ...sequential].every((a) => a.status === 200)).toBe(true);
      const ledger = await ledgerOf(viewer.userId);
      expect(ledger.grants).toHaveLength(1);
      expect(ledger.payments).toHaveLength(1);
      expect(ledger.orders[0]!.status).toBe("paid");
      const membership = await membershipOf(viewer.userId);
      expect(membership.level.levelCode).toBe("vip");
      expect(Math.round((membership.endsAt!.getTime() - Date.now()) / DAY_MS)).toBe(order.days);
    });

    it("grants once whether the result page comes before, during or after the webhook", async () => {
      const { viewer, piId, order } = await paidPassOrder("svip-quarter");
      const before = await settleOrderForViewer(viewer, { orderGuid: order.orderGuid, paymentIntentId: piId });
      expect(before?.status).toBe("pending");
      expect((await ledgerOf(viewer.userId)).grants).toHaveLength(0);
      await local.confirmPaymentIntent(piId);
      const [event] = eventsFor(local, "payment_intent.succeeded", piId);
      const [during] = await Promise.all([settleOrderForViewer(viewer, { orderGuid: order.orderGuid }), deliver(local, event!.id)]);
      const after = await settleOrderForViewer(viewer, { orderGuid: order.orderGuid });
      expect(during?.status).toBe("paid");
      expect(after?.status).toBe("paid");
      expect((await ledgerOf(viewer.userId)).grants).toHaveLength(1);
      expect((await membershipOf(viewer.userId)).level.levelCode).toBe("svip");
    });

    it("a hosted Checkout pass is granted once by checkout.session.completed and payment_intent.succeeded together", async () => {
      const viewer = await newMember();
      const created = await createOrder(viewer, { planId: "vip-year", method: "checkout", autoRenew: false, nonce: "checkout-nonce-1" });
      const again = await createOrder(viewer, { planId: "vip-year", method: "checkout", autoRenew: false, nonce: "checkout-nonce-1" });
      expect(again.order.orderGuid).toBe(created.order.orderGuid);
      const first = await startHostedCheckout(viewer, created.order.orderGuid);
      const second = await startHostedCheckout(viewer, created.order.orderGuid);
      expect(second.url).toBe(first.url);
      const sessionId = first.url.split("/").pop()!;
      const session = await local.completeCheckoutSession(sessionId);
      const piId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent!.id;
      for (const e of [...eventsFor(local, "checkout.session.completed", sessionId), ...eventsFor(local, "payment_intent.succeeded", piId)]) {
        expect((await deliver(local, e.id)).status).toBe(200);
      }
      const ledger = await ledgerOf(viewer.userId);
      expect(ledger.grants).toHaveLength(1);
      expect(ledger.grants[0]!.endsAt.getTime() - ledger.grants[0]!.startsAt.getTime()).toBe(365 * DAY_MS);
    });
  });

  describe("one member, several payments", () => {
    it("two orders paid at the same moment both count in full", async () => {
      const viewer = await newMember();
      const pis: string[] = [];
      for (const nonce of ["same-moment-1", "same-moment-2"]) {
        const created = await createOrder(viewer, { planId: "vip-month", method: "card", autoRenew: false, nonce });
        const started = await startCardPayment(viewer, created.order.orderGuid);
        pis.push(started.clientSecret.split("_secret_")[0]!);
      }
      for (const pi of pis) await local.confirmPaymentIntent(pi);
      await Promise.all(pis.map((pi) => deliver(local, eventsFor(local, "payment_intent.succeeded", pi)[0]!.id)));
      const membership = await membershipOf(viewer.userId);
      expect(Math.round((membership.endsAt!.getTime() - Date.now()) / DAY_MS)).toBe(60);
    });

    it("a refund that arrives before its payment is recorded is retried, not lost", async () => {
      const { viewer, piId } = await paidPassOrder("vip-month");
      const pi = await local.confirmPaymentIntent(piId);
      const chargeId = typeof pi.latest_charge === "string" ? pi.latest_charge : pi.latest_charge!.id;
      await local.refundCharge(chargeId);
      const [refund] = eventsFor(local, "charge.refunded", chargeId);
      const early = await deliver(local, refund!.id);
      expect(early.status).toBe(500);
      for (const e of eventsFor(local, "payment_intent.succeeded", piId)) await deliver(local, e.id);
      expect((await deliver(local, refund!.id)).status).toBe(200);
      expect((await membershipOf(viewer.userId)).level.levelCode).toBe("free");
    });

    it("refunding a VIP pass that an SVIP purchase split takes back the VIP days that were to resume", async () => {
      const { viewer, piId } = await paidPassOrder("vip-month");
      const pi = await local.confirmPaymentIntent(piId);
      for (const e of eventsFor(local, "payment_intent.succeeded", piId)) await deliver(local, e.id);
      const created = await createOrder(viewer, { planId: "svip-month", method: "card", autoRenew: false, nonce: "split-svip" });
      const started = await startCardPayment(viewer, created.order.orderGuid);
      const svipPi = started.clientSecret.split("_secret_")[0]!;
      await local.confirmPaymentIntent(svipPi);
      for (const e of eventsFor(local, "payment_intent.succeeded", svipPi)) await deliver(local, e.id);
      const afterSvip = new Date(Date.now() + 31 * DAY_MS);
      expect((await membershipOf(viewer.userId, afterSvip)).level.levelCode).toBe("vip");

      const chargeId = typeof pi.latest_charge === "string" ? pi.latest_charge : pi.latest_charge!.id;
      await local.refundCharge(chargeId);
      for (const e of eventsFor(local, "charge.refunded", chargeId)) await deliver(local, e.id);
      expect((await membershipOf(viewer.userId)).level.levelCode).toBe("svip");
      expect((await membershipOf(viewer.userId, afterSvip)).level.levelCode).toBe("free");
    });
  });

  describe("catalog checks", () => {
    it("a payment for another amount than the order's grants nothing and logs a security line", async () => {
      const viewer = await newMember();
      const created = await createOrder(viewer, { planId: "svip-year", method: "card", autoRenew: false, nonce: "cheap-1" });
      const pi = await stripe.paymentIntents.create({
        amount: 100, currency: "cny", metadata: { orderGuid: created.order.orderGuid, userId: viewer.userId, planId: "svip-year", kind: "pass" },
      });
      await local.confirmPaymentIntent(pi.id);
      const warn = jest.spyOn(logger(), "warn");
      const [event] = eventsFor(local, "payment_intent.succeeded", pi.id);
      expect((await deliver(local, event!.id)).status).toBe(200);
      expect((await ledgerOf(viewer.userId)).grants).toHaveLength(0);
      expect(warn.mock.calls.some(([fields]) => (fields as { security?: boolean }).security === true)).toBe(true);
      warn.mockRestore();
    });

    it("a subscription on a price we never sold grants nothing", async () => {
      const viewer = await newMember();
      const created = await createOrder(viewer, { planId: "vip-month", method: "card", autoRenew: true, nonce: "foreign-price" });
      const customer = await stripe.customers.create({ email: "x@pay.test" });
      const foreign = await stripe.prices.create({ currency: "cny", unit_amount: 6800, recurring: { interval: "month" }, product_data: { name: "外来价格" } });
      const sub = await stripe.subscriptions.create({
        customer: customer.id, items: [{ price: foreign.id }], payment_behavior: "default_incomplete",
        metadata: { orderGuid: created.order.orderGuid, userId: viewer.userId, planId: "vip-month", kind: "subscription" },
        expand: ["latest_invoice.confirmation_secret"],
      });
      const invoice = sub.latest_invoice as Stripe.Invoice;
      await local.confirmPaymentIntent(invoice.confirmation_secret!.client_secret.split("_secret_")[0]!);
      for (const e of eventsFor(local, "invoice.paid", invoice.id)) await deliver(local, e.id);
      expect((await ledgerOf(viewer.userId)).grants).toHaveLength(0);
    });
  });

  describe("subscriptions", () => {
    it("starts, renews, ends in Stripe's current state whatever the event order, and stops at period end", async () => {
      const viewer = await newMember();
      const created = await createOrder(viewer, { planId: "svip-month", method: "card", autoRenew: true, nonce: `sub-${engine}` });
      const started = await startCardPayment(viewer, created.order.orderGuid);
      expect(started.mode).toBe("subscription");
      const subId = (await ledgerOf(viewer.userId)).orders[0]!.providerRef!;
      await local.confirmPaymentIntent(started.clientSecret.split("_secret_")[0]!);
      // Newest first: the opposite of the order Stripe made them in.
      const firstWave = local.events().filter((e) => ["invoice.paid", "customer.subscription.updated"].includes(e.type)).reverse();
      for (const e of firstWave) expect((await deliver(local, e.id)).status).toBe(200);
      let ledger = await ledgerOf(viewer.userId);
      expect(ledger.subscriptions).toMatchObject([{ stripeSubscriptionId: subId, status: "active", cancelAtPeriodEnd: false }]);
      expect(ledger.payments.map((p) => p.kind)).toEqual(["subscription_start"]);
      expect((await membershipOf(viewer.userId)).level.levelCode).toBe("svip");

      const renewal = await local.renewSubscription(subId);
      for (const e of eventsFor(local, "invoice.paid", renewal.id)) await deliver(local, e.id);
      ledger = await ledgerOf(viewer.userId);
      expect(ledger.payments.map((p) => p.kind).sort()).toEqual(["renewal", "subscription_start"]);
      expect(ledger.grants).toHaveLength(2);
      const endBeforeRefund = (await membershipOf(viewer.userId)).endsAt!.getTime();

      // A renewal refunded in full: its month is taken back, the first month stays.
      const renewalPi = await stripe.paymentIntents.retrieve(renewal.payments!.data[0]!.payment.payment_intent as string);
      await local.refundCharge(renewalPi.latest_charge as string);
      for (const e of eventsFor(local, "charge.refunded", renewalPi.latest_charge as string)) await deliver(local, e.id);
      const endAfterRefund = (await membershipOf(viewer.userId)).endsAt!.getTime();
      expect(Math.round((endBeforeRefund - endAfterRefund) / DAY_MS)).toBeGreaterThanOrEqual(28);
      expect((await membershipOf(viewer.userId)).level.levelCode).toBe("svip");

      await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
      const updates = eventsFor(local, "customer.subscription.updated", subId);
      // The stale "incomplete" snapshot arrives last: we still end in Stripe's current state.
      for (const e of [...updates].reverse()) await deliver(local, e.id);
      ledger = await ledgerOf(viewer.userId);
      expect(ledger.subscriptions[0]).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
      expect((await membershipOf(viewer.userId)).level.levelCode).toBe("svip");

      await local.cancelSubscription(subId);
      for (const e of eventsFor(local, "customer.subscription.deleted", subId)) await deliver(local, e.id);
      ledger = await ledgerOf(viewer.userId);
      expect(ledger.subscriptions[0]!.status).toBe("canceled");
      expect((await membershipOf(viewer.userId)).level.levelCode).toBe("svip");
    });
  });

  describe("refunds", () => {
    it("a partial refund shortens the grant by its share, a full one ends it, and a replay changes nothing", async () => {
      const { viewer, piId } = await paidPassOrder("vip-month");
      const pi = await local.confirmPaymentIntent(piId);
      for (const e of eventsFor(local, "payment_intent.succeeded", piId)) await deliver(local, e.id);
      const chargeId = typeof pi.latest_charge === "string" ? pi.latest_charge : pi.latest_charge!.id;
      const endBefore = (await membershipOf(viewer.userId)).endsAt!.getTime();

      await local.refundCharge(chargeId, 3400);
      const [half] = eventsFor(local, "charge.refunded", chargeId);
      await deliver(local, half!.id);
      await deliver(local, half!.id);
      const endAfterHalf = (await membershipOf(viewer.userId)).endsAt!.getTime();
      expect(Math.round((endBefore - endAfterHalf) / DAY_MS)).toBe(15);
      expect((await ledgerOf(viewer.userId)).orders[0]!.status).toBe("partially_refunded");

      await local.refundCharge(chargeId);
      for (const e of eventsFor(local, "charge.refunded", chargeId)) await deliver(local, e.id);
      expect((await membershipOf(viewer.userId)).level.levelCode).toBe("free");
      const ledger = await ledgerOf(viewer.userId);
      expect(ledger.orders[0]!.status).toBe("refunded");
      expect(ledger.payments[0]!.refundedFen).toBe(6800);
    });
  });
});
