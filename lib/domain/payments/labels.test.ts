import fc from "fast-check";
import { ORDER_STATUS_LABELS, PAY_METHOD_LABELS, RECEIPT_KIND_LABELS, receiptNumber, subscriptionGrantDays } from "./labels";

describe("labels", () => {
  it("names every status, method and receipt kind in Chinese", () => {
    expect(ORDER_STATUS_LABELS).toEqual({ pending: "待支付", paid: "已支付", failed: "支付失败", canceled: "已取消", refunded: "已退款", partially_refunded: "部分退款" });
    expect(PAY_METHOD_LABELS).toEqual({ card: "银行卡 / 支付宝 / 微信支付", checkout: "Stripe 收银台", test: "测试模式" });
    expect(RECEIPT_KIND_LABELS).toEqual({ pass: "单次购买", subscription_start: "开通自动续费", renewal: "自动续费" });
  });
});

describe("receiptNumber", () => {
  it("uses the Shanghai date and the first 8 hex digits of a UUID", () => {
    expect(receiptNumber(new Date("2026-11-20T16:30:00Z"), "3f2a9c1b-7d4e-4a2b-9c1d-0e5f6a7b8c9d")).toBe("R20261121-3F2A9C1B7D4E");
    expect(receiptNumber(new Date("2026-11-20T15:59:59Z"), "3f2a9c1b-7d4e-4a2b-9c1d-0e5f6a7b8c9d")).toBe("R20261120-3F2A9C1B7D4E");
  });

  it("hashes other ids so Stripe's shared prefixes do not collide", () => {
    const paidAt = new Date("2026-11-21T04:00:00Z");
    const a = receiptNumber(paidAt, "pi_3MtwBwLkdIwHu7ix28a3tqPa");
    const b = receiptNumber(paidAt, "pi_3MtwBwLkdIwHu7ix0x1y2z3w");
    expect(a).toMatch(/^R20261121-[0-9A-F]{8}$/);
    expect(a).not.toBe(b);
  });

  it("is stable and always well-formed", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), fc.string(), (paidAt, id) => {
        const n = receiptNumber(paidAt, id);
        expect(n).toMatch(/^R\d{8}-[0-9A-F]{8}([0-9A-F]{4})?$/);
        expect(receiptNumber(new Date(paidAt.getTime()), id)).toBe(n);
      }),
    );
  });
});

describe("subscriptionGrantDays", () => {
  const start = Date.UTC(2026, 10, 21) / 1000;
  const DAY = 86400;

  it("rounds a billing period to whole days", () => {
    expect(subscriptionGrantDays(start, start + 30 * DAY)).toBe(30);
    expect(subscriptionGrantDays(start, start + 31 * DAY - 3600)).toBe(31);
    expect(subscriptionGrantDays(start, start + 28 * DAY + 3600)).toBe(28);
  });

  it("keeps the result within 1..366", () => {
    expect(subscriptionGrantDays(start, start)).toBe(1);
    expect(subscriptionGrantDays(start, start - 10 * DAY)).toBe(1);
    expect(subscriptionGrantDays(start, start + 400 * DAY)).toBe(366);
    expect(subscriptionGrantDays(Number.NaN, start)).toBe(1);
    fc.assert(
      fc.property(fc.double(), fc.double(), (a, b) => {
        const days = subscriptionGrantDays(a, b);
        expect(Number.isInteger(days) && days >= 1 && days <= 366).toBe(true);
      }),
    );
  });
});
