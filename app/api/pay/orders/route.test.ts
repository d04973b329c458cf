import { NextRequest } from "next/server";
import { reloadConfigForTests } from "@/lib/config";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser } from "@/lib/server/members/users";
import { POST as createPlanEdit } from "@/app/api/admin/plans/route";
import { POST as webhook } from "@/app/api/stripe/webhook/route";
import { ORIGIN, postJson, type Sender } from "../../request.test-support";
import { GET as readOrder } from "./[orderGuid]/route";
import { POST as createOrder } from "./route";

process.env.LOG_LEVEL = "silent";
process.env.PAYMENT_TEST_MODE = "1";
reloadConfigForTests();

const post = (handler: (req: NextRequest) => Promise<Response>, path: string, body: unknown, sender: Sender = {}) => handler(postJson(path, body, sender));

let serial = 0;
async function tokenOf(role: "member" | "editor" | "admin" = "member") {
  const user = await createUser({ email: `pay-route-${++serial}-${Date.now()}@example.com`, role });
  return (await createSession(user.id)).token;
}

const ORDER = { planId: "vip-month", method: "test", autoRenew: false, nonce: "route-nonce-1" };

describeOnEachEngine("payment route handlers", () => {
  it("refuse a foreign or null Origin and visitors, and make one order per nonce", async () => {
    const token = await tokenOf();
    expect((await post(createOrder, "/api/pay/orders", ORDER, { token, origin: "https://evil.example" })).status).toBe(403);
    expect((await post(createOrder, "/api/pay/orders", ORDER, { token, origin: "null" })).status).toBe(403);
    expect((await post(createOrder, "/api/pay/orders", ORDER)).status).toBe(401);
    const bad = await post(createOrder, "/api/pay/orders", { ...ORDER, method: "bitcoin" }, { token });
    expect([bad.status, (await bad.json()).message]).toEqual([400, "请选择支付方式"]);
    const first = await (await post(createOrder, "/api/pay/orders", ORDER, { token })).json();
    const second = await (await post(createOrder, "/api/pay/orders", ORDER, { token })).json();
    expect(second.order.orderGuid).toBe(first.order.orderGuid);
    expect(first.next).toBe(`/paytest?order=${first.order.orderGuid}`);
    const read = await readOrder(new NextRequest(`${ORIGIN}/api/pay/orders/${first.order.orderGuid}`, { headers: { cookie: `token=${token}` } }), {
      params: Promise.resolve({ orderGuid: first.order.orderGuid }),
    });
    expect((await read.json()).order.status).toBe("pending");
    const stranger = await tokenOf();
    const hidden = await readOrder(new NextRequest(`${ORIGIN}/api/pay/orders/${first.order.orderGuid}`, { headers: { cookie: `token=${stranger}` } }), {
      params: Promise.resolve({ orderGuid: first.order.orderGuid }),
    });
    expect(hidden.status).toBe(404);
  });

  it("only administrators edit plans (ADR 0028: not members, not editors)", async () => {
    const edit = { planId: "vip-month", name: "VIP 月卡", priceFen: 6800, active: true };
    expect((await post(createPlanEdit, "/api/admin/plans", edit, { token: await tokenOf() })).status).toBe(403);
    expect((await post(createPlanEdit, "/api/admin/plans", { ...edit, priceFen: 100 }, { token: await tokenOf("editor") })).status).toBe(403);
    const ok = await post(createPlanEdit, "/api/admin/plans", edit, { token: await tokenOf("admin") });
    expect((await ok.json()).plan).toMatchObject({ id: "vip-month", priceFen: 6800 });
    expect((await post(createPlanEdit, "/api/admin/plans", { ...edit, priceFen: 12.5 }, { token: await tokenOf("admin") })).status).toBe(400);
  });

  it("the webhook needs no Origin or login but answers 503 while Stripe is not configured", async () => {
    const res = await webhook(new NextRequest(`${ORIGIN}/api/stripe/webhook`, { method: "POST", body: "{}", headers: { "stripe-signature": "t=1,v1=x" } }));
    expect(res.status).toBe(503);
  });
});
