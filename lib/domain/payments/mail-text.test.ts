import fc from "fast-check";
import { mailTopicOf, paymentMessage, type PaymentMailData, type PaymentMailKind } from "./mail-text";

const KINDS: PaymentMailKind[] = ["payment_succeeded", "payment_failed", "renewal_succeeded", "renewal_failed", "refunded", "expiring", "subscription_canceled"];
const OPTIONAL: PaymentMailKind[] = ["renewal_succeeded", "renewal_failed", "expiring"];

const base: PaymentMailData = { siteName: "量化学堂", siteUrl: "https://example.com", levelName: "VIP", planName: "VIP 月卡", amountFen: 6800 };

describe("paymentMessage", () => {
  it("tells of a first payment with the amount, end date and receipt", () => {
    const m = paymentMessage("payment_succeeded", { ...base, levelEndDate: "2026-12-21", receiptNumber: "R20261121-3F2A9C1B" });
    expect(m.title).toBe("VIP 开通成功");
    expect(m.body).toBe("已支付 ¥68.00，VIP 有效期至 2026-12-21。");
    expect(m.subject).toBe("【量化学堂】VIP 开通成功");
    expect(m.link).toBe("/user/subscription");
    expect(m.text).toMatch(/^你好：\n/);
    expect(m.text).toContain("「VIP 月卡」");
    expect(m.text).toContain("¥68.00");
    expect(m.text).toContain("2026-12-21");
    expect(m.text).toContain("R20261121-3F2A9C1B");
    expect(m.text.trimEnd().endsWith("量化学堂")).toBe(true);
  });

  it("gives the reason of a failed payment", () => {
    const m = paymentMessage("payment_failed", { ...base, failureMessage: "余额不足。" });
    expect(m.title).toBe("支付未成功");
    expect(m.body).toContain("余额不足");
    expect(m.body).not.toContain("。。");
    expect(m.text).toContain("原因：余额不足");
    expect(m.text).toContain("¥68.00");
    expect(paymentMessage("payment_failed", base).body).toContain("支付未完成");
  });

  it("tells of a renewal and when it failed asks to update the card, saying access stays until the end date", () => {
    const ok = paymentMessage("renewal_succeeded", { ...base, levelEndDate: "2027-01-20", receiptNumber: "R20261221-AAAAAAAA" });
    expect(ok.body).toBe("自动续费已扣款 ¥68.00，VIP 有效期延长至 2027-01-20。");
    expect(ok.text).toContain("R20261221-AAAAAAAA");

    const failed = paymentMessage("renewal_failed", { ...base, failureMessage: "银行卡被拒绝，请换一张卡或联系发卡行", levelEndDate: "2026-12-21" });
    expect(failed.title).toBe("自动续费扣款失败");
    expect(failed.body).toContain("更新银行卡");
    expect(failed.body).toContain("银行卡被拒绝");
    expect(failed.body).toContain("2026-12-21");
    expect(failed.text).toContain("2026-12-21");
    expect(failed.text).toContain("¥68.00");
  });

  it("tells the refunded amount and the new end date, or that the level has ended", () => {
    const partial = paymentMessage("refunded", { ...base, refundedFen: 3400, levelEndDate: "2026-12-06" });
    expect(partial.body).toBe("「VIP 月卡」已退款 ¥34.00，VIP 有效期已调整至 2026-12-06。");
    expect(partial.text).toContain("退款金额：¥34.00");
    expect(partial.text).toContain("原支付金额：¥68.00");

    const full = paymentMessage("refunded", base);
    expect(full.body).toBe("「VIP 月卡」已退款 ¥68.00，VIP 权益已结束。");
    expect(full.text).toContain("VIP 权益已结束");
  });

  it("reminds of the end date and links the price list", () => {
    const m = paymentMessage("expiring", { ...base, levelEndDate: "2026-11-24" });
    expect(m.title).toBe("VIP 即将到期");
    expect(m.body).toContain("2026-11-24");
    expect(m.link).toBe("/price");
    expect(m.text).toContain("https://example.com/price");
    expect(m.text).toContain("¥68.00");
  });

  it("says auto-renewal stopped and access stays until the period end", () => {
    const m = paymentMessage("subscription_canceled", { ...base, periodEnd: "2026-12-21" });
    expect(m.title).toBe("自动续费已关闭");
    expect(m.body).toBe("「VIP 月卡」的自动续费已关闭，之后不会再扣款。VIP 可继续使用至 2026-12-21。");
    expect(m.text).toContain("2026-12-21");
    expect(m.text).toContain("¥68.00");
  });

  it("puts the subscription link in every e-mail and the unsubscribe link only in optional ones", () => {
    for (const kind of KINDS) {
      const m = paymentMessage(kind, { ...base, siteUrl: "https://example.com/", levelEndDate: "2026-12-21", periodEnd: "2026-12-21" });
      expect(m.text).toContain("https://example.com/user/subscription");
      expect(m.text).not.toContain("example.com//");
      if (OPTIONAL.includes(kind)) expect(m.text).toContain("https://example.com/user/unsubscribe");
      else expect(m.text).not.toContain("/user/unsubscribe");
      expect(m.link.startsWith("/")).toBe(true);
      expect(m.subject).toBe(`【量化学堂】${m.title}`);
      expect(m.body).toMatch(/。$/);
      expect(m.body).not.toMatch(/undefined|null|NaN/);
      expect(m.text).not.toMatch(/undefined|null|NaN/);
    }
  });

  it("mentions the amount and dates it is given, whatever they are", () => {
    const data = fc.record({
      amountFen: fc.integer({ min: 1, max: 10_000_000 }),
      refundedFen: fc.integer({ min: 1, max: 10_000_000 }),
      end: fc.date({ min: new Date("2020-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    });
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), data, (kind, { amountFen, refundedFen, end }) => {
        const m = paymentMessage(kind, { ...base, amountFen, refundedFen, levelEndDate: end, periodEnd: end });
        const yuan = (fen: number) => `¥${Math.floor(fen / 100).toLocaleString("en-US")}.${String(fen % 100).padStart(2, "0")}`;
        expect(m.text).toContain(yuan(amountFen));
        if (kind === "refunded") expect(m.text).toContain(yuan(refundedFen));
        if (kind !== "payment_failed") {
          expect(m.text).toContain(end);
          expect(m.body).toContain(end);
        }
      }),
    );
  });
});

describe("mailTopicOf", () => {
  it("lets members turn off expiry reminders and renewal notices, never receipts, refunds or failed payments", () => {
    expect(mailTopicOf("expiring")).toBe("expiry");
    expect(mailTopicOf("renewal_succeeded")).toBe("renewal");
    expect(mailTopicOf("renewal_failed")).toBe("renewal");
    for (const kind of ["payment_succeeded", "payment_failed", "refunded", "subscription_canceled"] as const) expect(mailTopicOf(kind)).toBeNull();
  });
});
