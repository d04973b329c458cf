import { reloadConfigForTests } from "@/lib/config";
import type { StripeLocal } from "@/test/stripe-local/server";
import { startStandIn } from "./payments-test-kit";
import { offeredWallets } from "./wallets";

process.env.LOG_LEVEL = "silent";

let local: StripeLocal;

beforeAll(async () => {
  local = await startStandIn();
});

afterAll(async () => {
  await local.close();
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE", "PAYMENT_TEST_MODE"]) delete process.env[key];
  reloadConfigForTests();
});

describe("offeredWallets", () => {
  it("lists Alipay and WeChat Pay when Stripe's default payment method configuration offers them, asking once per ten minutes", async () => {
    const t0 = Date.UTC(2026, 10, 27, 1, 0, 0);
    expect(await offeredWallets(t0)).toEqual(["alipay", "wechat_pay"]);
    const asked = () => local.requests().filter((r) => r.path.startsWith("/v1/payment_method_configurations")).length;
    const first = asked();
    expect(await offeredWallets(t0 + 9 * 60_000)).toEqual(["alipay", "wechat_pay"]);
    expect(asked()).toBe(first);
    expect(await offeredWallets(t0 + 11 * 60_000)).toEqual(["alipay", "wechat_pay"]);
    expect(asked()).toBe(first + 1);
  });

  it("lists no wallet when Stripe does not answer, and none without Stripe", async () => {
    local.failNext("GET", "/v1/payment_method_configurations", { status: 500, body: { type: "api_error", message: "down" } }, 1);
    expect(await offeredWallets(Date.UTC(2026, 10, 28))).toEqual([]);

    process.env.STRIPE_SECRET_KEY = "";
    process.env.STRIPE_PUBLISHABLE_KEY = "";
    process.env.STRIPE_WEBHOOK_SECRET = "";
    reloadConfigForTests();
    expect(await offeredWallets(Date.UTC(2026, 10, 29))).toEqual([]);
  });
});
