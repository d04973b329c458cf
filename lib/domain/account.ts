/** A login account: an e-mail address (lower-cased) or a mainland mobile number (11 digits, +86 stripped). */
export type Account = { kind: "email"; value: string } | { kind: "mobile"; value: string };

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

export function parseAccount(raw: string): Account | null {
  const value = raw.trim();
  if (value.length > 254) return null;
  if (value.includes("@")) return EMAIL_RE.test(value) ? { kind: "email", value: value.toLowerCase() } : null;
  const digits = value.replace(/[\s-]/g, "").replace(/^(\+?86)/, "");
  return /^1[3-9]\d{9}$/.test(digits) ? { kind: "mobile", value: digits } : null;
}

export const ACCOUNT_INVALID_MESSAGE = "请输入正确的手机号或邮箱";
