import fc from "fast-check";
import { methodNames, payOffer } from "./offer";
import { walletsFromConfigurations } from "./stripe-wallets";

const config = (over: Record<string, unknown>) => ({
  id: "pmc_1",
  object: "payment_method_configuration",
  active: true,
  is_default: true,
  card: { available: true, display_preference: { overridable: null, preference: "on", value: "on" } },
  alipay: { available: true, display_preference: { overridable: null, preference: "on", value: "on" } },
  wechat_pay: { available: true, display_preference: { overridable: null, preference: "on", value: "on" } },
  ...over,
});
const page = (...data: unknown[]) => ({ object: "list", url: "/v1/payment_method_configurations", has_more: false, data });

describe("payOffer", () => {
  it("is available with Stripe or the 测试模式 provider", () => {
    expect(payOffer({ stripe: true, testMode: false })).toEqual({ available: true, reason: null });
    expect(payOffer({ stripe: false, testMode: true })).toEqual({ available: true, reason: null });
  });

  it("says 支付暂未开通 when neither is configured", () => {
    expect(payOffer({ stripe: false, testMode: false })).toEqual({ available: false, reason: "支付暂未开通" });
  });
});

describe("methodNames", () => {
  it("lists 银行卡 and the wallets Stripe offers, in a fixed order", () => {
    expect(methodNames({ stripe: true, testMode: false, wallets: ["wechat_pay", "alipay"] })).toEqual(["银行卡", "支付宝", "微信支付"]);
    expect(methodNames({ stripe: true, testMode: true, wallets: ["wechat_pay"] })).toEqual(["银行卡", "微信支付"]);
    expect(methodNames({ stripe: true, testMode: false, wallets: [] })).toEqual(["银行卡"]);
  });

  it("lists only 测试支付 without Stripe, and nothing when payment is off", () => {
    expect(methodNames({ stripe: false, testMode: true, wallets: ["alipay"] })).toEqual(["测试支付"]);
    expect(methodNames({ stripe: false, testMode: false, wallets: [] })).toEqual([]);
  });
});

describe("walletsFromConfigurations", () => {
  it("reads the wallets available in the default, active configuration", () => {
    expect(walletsFromConfigurations(page(config({})))).toEqual(["alipay", "wechat_pay"]);
    expect(walletsFromConfigurations(page(config({ wechat_pay: { available: false, display_preference: {} } })))).toEqual(["alipay"]);
    expect(walletsFromConfigurations(page(config({ alipay: undefined, wechat_pay: undefined })))).toEqual([]);
  });

  it("ignores configurations that are not the default or not active", () => {
    const other = config({ id: "pmc_2", is_default: false });
    const off = config({ alipay: { available: false }, wechat_pay: { available: false } });
    expect(walletsFromConfigurations(page(other, off))).toEqual([]);
    expect(walletsFromConfigurations(page(config({ is_default: true, active: false })))).toEqual([]);
    expect(walletsFromConfigurations(page(off, config({ id: "pmc_2", is_default: false })))).toEqual([]);
  });

  it("treats an unexpected answer as no wallets, never throwing", () => {
    expect(walletsFromConfigurations(null)).toEqual([]);
    expect(walletsFromConfigurations({ data: "x" })).toEqual([]);
    expect(walletsFromConfigurations(page({ active: "yes" }))).toEqual([]);
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const wallets = walletsFromConfigurations(body);
        expect(wallets.every((w) => w === "alipay" || w === "wechat_pay")).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.record({ active: fc.boolean(), is_default: fc.boolean(), alipay: fc.anything(), wechat_pay: fc.anything() }), (c) => {
        const wallets = walletsFromConfigurations(page(c));
        if (!c.active || !c.is_default) expect(wallets).toEqual([]);
      }),
    );
  });
});
