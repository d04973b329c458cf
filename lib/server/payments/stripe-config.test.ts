import { parseConfig } from "@/lib/config";

const KEYS = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

describe("Stripe configuration", () => {
  it("is off without keys and on with all three, pointing at STRIPE_API_BASE when given", () => {
    expect(parseConfig({}).stripe).toBeNull();
    expect(parseConfig({ ...KEYS, STRIPE_API_BASE: "http://127.0.0.1:12111" }).stripe).toMatchObject({
      secretKey: "sk_test_abc", publishableKey: "pk_test_abc", webhookSecret: "whsec_abc", apiBase: new URL("http://127.0.0.1:12111"),
    });
  });

  it("refuses half a configuration, mixed test/live keys, and 测试模式 next to live keys", () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/must be set together/);
    expect(() => parseConfig({ ...KEYS, STRIPE_SECRET_KEY: "sk_live_abc" })).toThrow(/both be test keys or both live keys/);
    expect(() => parseConfig({ ...KEYS, STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_PUBLISHABLE_KEY: "pk_live_abc", PAYMENT_TEST_MODE: "1" })).toThrow(/PAYMENT_TEST_MODE=1 cannot be used with live/);
    expect(() => parseConfig({ ...KEYS, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/whsec_/);
  });
});
