import { eq } from "drizzle-orm";
import { reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { jobs, notifications } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { DEFAULT_PLANS } from "@/lib/domain/plans";
import { refusalOf } from "@/lib/server/http/test-support";
import { membershipOf } from "@/lib/server/members/grants";
import type { StripeLocal } from "@/test/stripe-local/server";
import { listPlans, updatePlan } from "./catalog";
import { emailOptOutsOf, setEmailSubscribed } from "./email-prefs";
import { handlePaymentMail } from "./mail";
import { createOrder, ordersOfMember, receiptsOfMember } from "./orders";
import { deliver, eventsFor, ledgerOf, newMember, startStandIn } from "./payments-test-kit";
import { startCardPayment } from "./stripe-start";
import { setAutoRenew, subscriptionsOfMember } from "./subscriptions";
import { payWithTestCard } from "./test-provider";
import { OPERATOR } from "@/lib/server/auth/roles";

let local: StripeLocal;
beforeAll(async () => {
  local = await startStandIn();
});
afterAll(() => local.close());

const GOOD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };
const DECLINED = { number: "4000 0000 0000 0002", expiry: "12/40", cvc: "123" };

describeOnEachEngine("payments: orders, test mode, subscriptions, e-mail", () => {
  it("the catalog the migration seeds is PRODUCT.md's price list", async () => {
    const plans = await listPlans();
    expect(plans.map(({ id, levelId, name, period, days, priceFen, renewable }) => ({ id, levelId, name, period, days, priceFen, renewable }))).toEqual(DEFAULT_PLANS);
  });

  it("a plan taken off sale cannot be ordered and a new price applies to new orders only", async () => {
    const viewer = await newMember();
    const before = await createOrder(viewer, { planId: "vip-quarter", method: "test", autoRenew: false, nonce: "price-before" });
    await updatePlan(OPERATOR, "vip-quarter", { name: "VIP 季卡", priceFen: 16800, active: true });
    const after = await createOrder(viewer, { planId: "vip-quarter", method: "test", autoRenew: false, nonce: "price-after" });
    expect(before.order.amountFen).toBe(18800);
    expect(after.order.amountFen).toBe(16800);
    await updatePlan(OPERATOR, "vip-quarter", { name: "VIP 季卡", priceFen: 18800, active: false });
    await expect(createOrder(viewer, { planId: "vip-quarter", method: "test", autoRenew: false, nonce: "price-hidden" })).rejects.toMatchObject({ code: "not_found", message: "该套餐不存在或已下架" });
    await updatePlan(OPERATOR, "vip-quarter", { name: "VIP 季卡", priceFen: 18800, active: true });
  });

  it("a double click (same nonce) is one order; another nonce is another order", async () => {
    const viewer = await newMember();
    const request = { planId: "svip-month", method: "test" as const, autoRenew: true, nonce: "double-click" };
    const [a, b] = await Promise.all([createOrder(viewer, request), createOrder(viewer, request)]);
    const c = await createOrder(viewer, { ...request, nonce: "another-visit" });
    expect(a.order.orderGuid === b.order.orderGuid).toBe(true);
    expect(c.order.orderGuid !== a.order.orderGuid).toBe(true);
    // The test provider charges once: no auto-renewal there.
    expect(a.order.autoRenew).toBe(false);
    expect(a.next).toMatch(/^\/paytest\?order=/);
    expect(await ordersOfMember(viewer)).toHaveLength(2);
  });

  it("without Stripe keys or test mode, ordering says plainly that payment is not configured", async () => {
    const saved = { ...process.env };
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_PUBLISHABLE_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    process.env.PAYMENT_TEST_MODE = "0";
    reloadConfigForTests();
    try {
      const viewer = await newMember();
      for (const method of ["card", "checkout", "test"] as const) {
        await expect(createOrder(viewer, { planId: "vip-month", method, autoRenew: false, nonce: `off-${method}` })).rejects.toMatchObject({ code: "unavailable" });
      }
    } finally {
      Object.assign(process.env, saved);
      reloadConfigForTests();
    }
  });

  it("test mode: a declined card fails the order with the reason, a good card pays it, paying again grants nothing more", async () => {
    const viewer = await newMember();
    const created = await createOrder(viewer, { planId: "vip-month", method: "test", autoRenew: false, nonce: "test-card" });
    const declined = await refusalOf(payWithTestCard(viewer, created.order.orderGuid, DECLINED));
    expect(declined).toMatchObject({ code: "payment_required", details: { order: { status: "failed" } } });
    expect(declined.message).toContain("拒绝");
    const paid = await payWithTestCard(viewer, created.order.orderGuid, GOOD);
    expect(paid).toMatchObject({ order: { status: "paid" } });
    await expect(payWithTestCard(viewer, created.order.orderGuid, GOOD)).rejects.toMatchObject({ code: "conflict" });
    expect((await ledgerOf(viewer.userId)).grants).toHaveLength(1);
    expect((await membershipOf(viewer.userId)).level.levelCode).toBe("vip");
    const [receipt] = await receiptsOfMember(viewer);
    expect(receipt).toMatchObject({ amountFen: 6800, refundedFen: 0, kind: "pass", planName: "VIP 月卡" });
    expect(receipt!.receiptNumber).toMatch(/^R\d{8}-[0-9A-F]{12}$/);
    const notes = await (await db()).select().from(notifications).where(eq(notifications.userId, viewer.userId));
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(["支付未成功", "VIP 开通成功"]));
  });

  it("someone else's order cannot be paid or read", async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const created = await createOrder(owner, { planId: "vip-month", method: "test", autoRenew: false, nonce: "not-yours" });
    await expect(payWithTestCard(stranger, created.order.orderGuid, GOOD)).rejects.toMatchObject({ code: "not_found" });
    await expect(startCardPayment(stranger, created.order.orderGuid)).rejects.toMatchObject({ code: "not_found" });
    expect((await ledgerOf(stranger.userId)).grants).toHaveLength(0);
  });

  it("auto-renewal can be stopped (access stays) and turned back on", async () => {
    const viewer = await newMember();
    const created = await createOrder(viewer, { planId: "vip-month", method: "card", autoRenew: true, nonce: "renew-toggle" });
    const started = await startCardPayment(viewer, created.order.orderGuid);
    await local.confirmPaymentIntent(started.clientSecret.split("_secret_")[0]!);
    const invoicePaid = local.events().filter((e) => e.type === "invoice.paid").at(-1)!;
    await deliver(local, invoicePaid.id);
    for (const e of eventsFor(local, "customer.subscription.updated")) await deliver(local, e.id);
    const [sub] = await subscriptionsOfMember(viewer);
    expect(sub).toMatchObject({ renewing: true, status: "active", levelId: 100 });
    const off = await setAutoRenew(viewer, sub!.id, false);
    expect(off).toMatchObject({ subscription: { renewing: false } });
    expect(off.message).toContain("已取消自动续费");
    expect((await membershipOf(viewer.userId)).level.levelCode).toBe("vip");
    expect(await setAutoRenew(viewer, sub!.id, true)).toMatchObject({ subscription: { renewing: true } });
    const stranger = await newMember();
    await expect(setAutoRenew(stranger, sub!.id, false)).rejects.toMatchObject({ code: "not_found" });
  });

  it("e-mail opt-outs are kept, and the mail job skips a topic the member turned off", async () => {
    const viewer = await newMember();
    expect(await setEmailSubscribed(viewer, "renewal", false)).toEqual(["renewal"]);
    expect(await setEmailSubscribed(viewer, "expiry", false)).toEqual(["expiry", "renewal"]);
    expect(await setEmailSubscribed(viewer, "expiry", true)).toEqual(["renewal"]);
    expect(await emailOptOutsOf(viewer)).toEqual(["renewal"]);
    const { deliver: send } = jest.requireMock<{ deliver: jest.Mock }>("@/lib/server/messaging/deliver");
    send.mockClear();
    const data = { levelName: "VIP", planName: "VIP 月卡", amountFen: 6800, levelEndDate: "2026-12-31" };
    await handlePaymentMail({ userId: viewer.userId, kind: "renewal_succeeded", data }, { now: new Date(), attempt: 1 });
    expect(send).not.toHaveBeenCalled();
    await handlePaymentMail({ userId: viewer.userId, kind: "payment_succeeded", data }, { now: new Date(), attempt: 1 });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ channel: "email", subject: expect.stringContaining("VIP") }));
  });

  it("a payment queues its e-mail in the same transaction as the notification", async () => {
    const viewer = await newMember();
    const created = await createOrder(viewer, { planId: "svip-year", method: "test", autoRenew: false, nonce: "mail-job" });
    await payWithTestCard(viewer, created.order.orderGuid, GOOD);
    const queued = await (await db()).select().from(jobs).where(eq(jobs.kind, "payment-mail"));
    expect(queued.some((j) => (j.payload as { userId?: string }).userId === viewer.userId)).toBe(true);
  });
});

jest.mock("@/lib/server/messaging/deliver", () => ({ deliver: jest.fn(async () => {}) }));
