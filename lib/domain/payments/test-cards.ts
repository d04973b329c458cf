/**
 * The 测试模式 payment provider: Stripe's documented test card numbers, charged without any network.
 * Results carry at most the last four digits; the full number is never echoed.
 */

export type TestCardFailure =
  | "invalid_number"
  | "invalid_expiry"
  | "invalid_cvc"
  | "card_declined"
  | "insufficient_funds"
  | "expired_card"
  | "incorrect_cvc"
  | "not_a_test_card";

export type CardBrand = "visa" | "mastercard" | "amex" | "unionpay";

export type TestCardResult =
  | { ok: true; brand: CardBrand; last4: string }
  | { ok: false; code: TestCardFailure; message: string };

export interface TestCardInput {
  number: string;
  /** "MM/YY", "MM / YY" or "MMYY". */
  expiry: string;
  cvc: string;
}

export const TEST_CARDS: ReadonlyArray<{ number: string; label: string; outcome: "succeeds" | TestCardFailure }> = [
  { number: "4242424242424242", label: "Visa：支付成功", outcome: "succeeds" },
  { number: "4000056655665556", label: "Visa 借记卡：支付成功", outcome: "succeeds" },
  { number: "5555555555554444", label: "Mastercard：支付成功", outcome: "succeeds" },
  { number: "378282246310005", label: "American Express：支付成功", outcome: "succeeds" },
  { number: "6200000000000005", label: "银联：支付成功", outcome: "succeeds" },
  { number: "4000000000000002", label: "银行卡被拒绝", outcome: "card_declined" },
  { number: "4000000000009995", label: "余额不足", outcome: "insufficient_funds" },
  { number: "4000000000000069", label: "卡片已过期", outcome: "expired_card" },
  { number: "4000000000000127", label: "安全码错误", outcome: "incorrect_cvc" },
];

const SUCCESS_BRANDS: Readonly<Record<string, CardBrand>> = {
  "4242424242424242": "visa",
  "4000056655665556": "visa",
  "5555555555554444": "mastercard",
  "378282246310005": "amex",
  "6200000000000005": "unionpay",
};

const MESSAGES: Record<Exclude<TestCardFailure, "invalid_expiry" | "invalid_cvc">, string> = {
  invalid_number: "卡号无效，请检查后重试",
  card_declined: "银行卡被拒绝，请换一张卡或联系发卡行",
  insufficient_funds: "余额不足",
  expired_card: "卡片已过期",
  incorrect_cvc: "安全码（CVC）错误",
  not_a_test_card: "测试模式仅接受 Stripe 测试卡号（如 4242 4242 4242 4242）",
};

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

function fail(code: TestCardFailure, message: string): TestCardResult {
  return { ok: false, code, message };
}

/** Luhn checksum of a string of ASCII digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Month and full year of an expiry, or null when it does not parse or the month is out of range. */
function parseExpiry(raw: string): { month: number; year: number } | null {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(raw.trim()) ?? /^(\d{2})(\d{2})$/.exec(raw.trim());
  if (!m) return null;
  const [, mm = "", yy = ""] = m;
  const month = Number(mm);
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Charges a card in 测试模式: validates the input like a card form would, then answers by test number. */
export function chargeTestCard(input: TestCardInput, now: Date): TestCardResult {
  const number = String(input?.number ?? "").replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) return fail("invalid_number", MESSAGES.invalid_number);

  const expiry = parseExpiry(String(input?.expiry ?? ""));
  if (!expiry) return fail("invalid_expiry", "有效期无效");
  const today = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const currentMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (Number.isNaN(currentMonth) || expiry.year * 12 + (expiry.month - 1) < currentMonth) {
    return fail("invalid_expiry", "卡片已过期");
  }

  const amex = /^3[47]/.test(number);
  const cvcLength = amex ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(String(input?.cvc ?? "").trim())) {
    return fail("invalid_cvc", `安全码（CVC）应为 ${cvcLength} 位数字`);
  }

  const brand = SUCCESS_BRANDS[number];
  if (brand) return { ok: true, brand, last4: number.slice(-4) };
  const card = TEST_CARDS.find((c) => c.number === number);
  if (card && card.outcome !== "succeeds" && card.outcome in MESSAGES) {
    return fail(card.outcome, MESSAGES[card.outcome as keyof typeof MESSAGES]);
  }
  return fail("not_a_test_card", MESSAGES.not_a_test_card);
}
