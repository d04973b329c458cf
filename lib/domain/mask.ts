/**
 * A mobile number as shown on any page (the owner's own included): of the subscriber number (the last 11 digits) the
 * first 3 and last 4 stay, the middle becomes `****` — 13812341234 → 138****1234, +86 13812341234 → +86 138****1234.
 * A shorter number keeps 2 and 2. Anything that is not a phone number (an e-mail address, which userInfo.mobile falls
 * back to, or "") is returned as it is.
 */
export function maskMobile(value: string): string;
export function maskMobile(value: string | null): string | null;
export function maskMobile(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (!/^\+?[\d\s-]+$/.test(trimmed)) return value;
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return value;
  const sub = digits.slice(-Math.min(11, digits.length));
  // The written prefix (country code with its separator) ends where the subscriber number's first digit stands.
  let seen = 0;
  let start = 0;
  const head = digits.length - sub.length;
  while (start < trimmed.length && (seen < head || !/\d/.test(trimmed[start]!))) {
    if (/\d/.test(trimmed[start]!)) seen++;
    start++;
  }
  const keep = sub.length >= 11 ? [3, 4] : [2, 2];
  return `${trimmed.slice(0, start)}${sub.slice(0, keep[0])}****${sub.slice(-keep[1]!)}`;
}
