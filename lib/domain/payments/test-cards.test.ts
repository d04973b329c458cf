import fc from "fast-check";
import { chargeTestCard, luhnValid, TEST_CARDS, type TestCardInput } from "./test-cards";

// 2026-11-21 12:00 in Shanghai.
const now = new Date("2026-11-21T04:00:00Z");
const card = (number: string, over: Partial<TestCardInput> = {}): TestCardInput => ({ number, expiry: "12/30", cvc: "123", ...over });

const SUCCESS = ["4242424242424242", "4000056655665556", "5555555555554444", "378282246310005", "6200000000000005"];

describe("chargeTestCard", () => {
  it("accepts the success cards with their brand and last four digits", () => {
    expect(chargeTestCard(card("4242 4242 4242 4242"), now)).toEqual({ ok: true, brand: "visa", last4: "4242" });
    expect(chargeTestCard(card("4000-0566-5566-5556"), now)).toEqual({ ok: true, brand: "visa", last4: "5556" });
    expect(chargeTestCard(card("5555555555554444"), now)).toEqual({ ok: true, brand: "mastercard", last4: "4444" });
    expect(chargeTestCard(card("3782 822463 10005", { cvc: "1234" }), now)).toEqual({ ok: true, brand: "amex", last4: "0005" });
    expect(chargeTestCard(card("6200000000000005"), now)).toEqual({ ok: true, brand: "unionpay", last4: "0005" });
  });

  it("answers the failure cards with their codes and Chinese messages", () => {
    expect(chargeTestCard(card("4000000000000002"), now)).toEqual({ ok: false, code: "card_declined", message: "银行卡被拒绝，请换一张卡或联系发卡行" });
    expect(chargeTestCard(card("4000000000009995"), now)).toEqual({ ok: false, code: "insufficient_funds", message: "余额不足" });
    expect(chargeTestCard(card("4000000000000069"), now)).toEqual({ ok: false, code: "expired_card", message: "卡片已过期" });
    expect(chargeTestCard(card("4000000000000127"), now)).toEqual({ ok: false, code: "incorrect_cvc", message: "安全码（CVC）错误" });
  });

  it("refuses valid numbers that are not test cards", () => {
    const result = chargeTestCard(card("4111111111111111"), now);
    expect(result).toEqual({ ok: false, code: "not_a_test_card", message: "测试模式仅接受 Stripe 测试卡号（如 4242 4242 4242 4242）" });
  });

  it("checks length and the Luhn digit", () => {
    for (const number of ["4242424242424241", "424242424242", "42424242424242424242", "4242x42424242424", ""]) {
      expect(chargeTestCard(card(number), now)).toEqual({ ok: false, code: "invalid_number", message: "卡号无效，请检查后重试" });
    }
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
  });

  it("parses the expiry forms and rejects months out of range", () => {
    for (const expiry of ["12/30", "12 / 30", "1230", "1/30", "12/2030"]) expect(chargeTestCard(card("4242424242424242", { expiry }), now).ok).toBe(true);
    for (const expiry of ["13/30", "00/30", "1/2", "12-30", "", "abcd"]) {
      expect(chargeTestCard(card("4242424242424242", { expiry }), now)).toEqual({ ok: false, code: "invalid_expiry", message: "有效期无效" });
    }
  });

  it("accepts the current month in Shanghai and refuses the one before", () => {
    expect(chargeTestCard(card("4242424242424242", { expiry: "11/26" }), now).ok).toBe(true);
    expect(chargeTestCard(card("4242424242424242", { expiry: "10/26" }), now)).toEqual({ ok: false, code: "invalid_expiry", message: "卡片已过期" });
    // 2026-11-30T16:30Z is already December 1st in Shanghai.
    const december = new Date("2026-11-30T16:30:00Z");
    expect(chargeTestCard(card("4242424242424242", { expiry: "11/26" }), december)).toMatchObject({ ok: false, code: "invalid_expiry" });
    expect(chargeTestCard(card("4242424242424242", { expiry: "12/26" }), december).ok).toBe(true);
  });

  it("wants three CVC digits, four for American Express", () => {
    expect(chargeTestCard(card("4242424242424242", { cvc: "12" }), now)).toMatchObject({ ok: false, code: "invalid_cvc" });
    expect(chargeTestCard(card("4242424242424242", { cvc: "1234" }), now)).toMatchObject({ ok: false, code: "invalid_cvc" });
    expect(chargeTestCard(card("378282246310005", { cvc: "123" }), now)).toMatchObject({ ok: false, code: "invalid_cvc", message: expect.stringContaining("4 位") });
    expect(chargeTestCard(card("4242424242424242", { cvc: " 123 " }), now).ok).toBe(true);
  });

  it("lists every test card with a valid number and the outcome it really gets", () => {
    for (const c of TEST_CARDS) {
      const cvc = /^3[47]/.test(c.number) ? "1234" : "123";
      const result = chargeTestCard(card(c.number, { cvc }), now);
      expect(result.ok ? "succeeds" : result.code).toBe(c.outcome);
      expect(c.label).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.date({ noInvalidDate: false }), (number, expiry, cvc, when) => {
        const result = chargeTestCard({ number, expiry, cvc }, when);
        expect(typeof result.ok).toBe("boolean");
      }),
    );
  });

  it("succeeds only for the success cards, reports their last four digits, and never echoes the number", () => {
    const digitsWithNoise = fc.oneof(
      fc.constantFrom(...TEST_CARDS.map((c) => c.number), "4111111111111111"),
      fc.stringMatching(/^[0-9]{13,19}$/),
    ).chain((digits) =>
      fc.array(fc.constantFrom(" ", "-"), { maxLength: 4 }).map((noise) => {
        let s = digits;
        for (const n of noise) {
          const at = Math.floor(s.length / 2);
          s = s.slice(0, at) + n + s.slice(at);
        }
        return s;
      }),
    );
    fc.assert(
      fc.property(digitsWithNoise, fc.constantFrom("12/30", "11/26", "01/20", "1330"), fc.constantFrom("123", "1234", "12"), (number, expiry, cvc) => {
        const digits = number.replace(/[\s-]/g, "");
        const result = chargeTestCard({ number, expiry, cvc }, now);
        if (result.ok) {
          expect(SUCCESS).toContain(digits);
          expect(result.last4).toBe(digits.slice(-4));
        }
        expect(JSON.stringify(result)).not.toContain(digits);
      }),
    );
  });
});
