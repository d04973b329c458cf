import { codeDigits, isHongKongMarketText, isRepoCode, isSubscriptionCode } from "@/lib/domain/market/codes";
import { parseDate } from "@/lib/domain/statements/import/cells";
import { classifyBusiness, isBareSide, type Classified } from "@/lib/domain/statements/import/classify";
import type { SecurityId } from "@/lib/domain/statements/import/phases/security-id";

/**
 * Per-text answers a 100,000-row file asks again and again (a business name, a code, a date), each cache bounded so a
 * hostile file cannot grow it without limit.
 */
export interface Lookups {
  classify: Map<string, Classified>;
  digits: Map<string, string | null>;
  /** by digits, account's first letter, market and Hong Kong sign */
  ids: Map<string, SecurityId>;
  needsDetail: Map<string, boolean>;
  bare: Map<string, boolean>;
  hkMarket: Map<string, boolean>;
  dates: Map<string, string | null>;
}

export function createLookups(): Lookups {
  return { classify: new Map(), digits: new Map(), ids: new Map(), needsDetail: new Map(), bare: new Map(), hkMarket: new Map(), dates: new Map() };
}

function cached<T>(cache: Map<string, T>, limit: number, text: string, compute: (text: string) => T): T {
  let value = cache.get(text);
  if (value === undefined) {
    value = compute(text);
    if (cache.size < limit) cache.set(text, value);
  }
  return value;
}

export const classifyText = (l: Lookups, text: string): Classified => cached(l.classify, 10_000, text, classifyBusiness);

/** the digits as written (`700`, `00700`, `600519`) */
export const digitsOf = (l: Lookups, text: string): string | null => cached(l.digits, 100_000, text, codeDigits);

export function sixDigitCode(l: Lookups, text: string): string | null {
  const digits = digitsOf(l, text);
  return digits === null ? null : digits.padStart(6, "0");
}

/** no security, a repo or a subscription code: a bare 买入/卖出 on it says nothing of what the row is */
export function needsDetail(l: Lookups, text: string): boolean {
  let d = l.needsDetail.get(text);
  if (d === undefined) {
    const six = text === "" ? null : sixDigitCode(l, text);
    d = six === null || isRepoCode(six) || isSubscriptionCode(six);
    if (l.needsDetail.size < 100_000) l.needsDetail.set(text, d);
  }
  return d;
}

export function isSubscriptionText(l: Lookups, text: string): boolean {
  if (text === "") return false;
  const code = sixDigitCode(l, text);
  return code !== null && isSubscriptionCode(code);
}

export const isBare = (l: Lookups, text: string): boolean => cached(l.bare, 10_000, text, isBareSide);

export const isHongKongMarket = (l: Lookups, text: string): boolean => cached(l.hkMarket, 1_000, text, isHongKongMarketText);

export const dateOf = (l: Lookups, text: string): string | null => cached(l.dates, 100_000, text, parseDate);
