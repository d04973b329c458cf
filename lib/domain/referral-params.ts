/**
 * Referral tracking of SPEC §3/§5: the entry URL's `code` (invitation code), `t` (tracking) and `r` (return path,
 * which may carry its own code and t). Pure: the browser module passes location and document values in.
 */

export interface ReferralParams {
  /** Invitation code: the entry URL's own, else the one inside `r`. */
  code: string | null;
  /** Tracking parameter `t`: the entry URL's own, else the one inside `r`. */
  tracking: string | null;
  /** The `r` return path as given (decoded once). */
  returnPath: string | null;
  /** The entry URL's query parameters (first value per name). */
  query: Record<string, string>;
}

/** Value of the referral tracking cookie (SPEC §3 field names). */
export interface RefererRecord {
  TParam: string;
  QuestionParam: Record<string, string>;
  Referer: string;
  cUrl: string;
}

export interface ReferralCookiePlan {
  /** Write cfc_inv with this code, or leave it alone. */
  inviteCode: string | null;
  /** Write the referer cookie with this record, or leave it alone. */
  referer: RefererRecord | null;
}

export interface EntryContext {
  search: string;
  /** document.referrer ("" when none). */
  referrer: string;
  origin: string;
  pathname: string;
  hasRefererCookie: boolean;
}

const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;
// Cookies hold about 4 KB: long query strings and referrers are cut rather than making the browser drop the cookie.
const MAX_QUERY_KEYS = 20;
const MAX_VALUE_LENGTH = 200;
const MAX_URL_LENGTH = 500;
/** Budget for the URL-encoded cookie value, leaving room for the name and attributes. */
export const REFERER_COOKIE_BUDGET = 3000;

export function parseReferralParams(search: string): ReferralParams {
  const outer = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const returnPath = clean(outer.get("r"), MAX_URL_LENGTH);
  const inner = returnPath ? new URLSearchParams(queryOf(returnPath)) : new URLSearchParams();
  return {
    code: inviteCode(outer.get("code")) ?? inviteCode(inner.get("code")),
    tracking: clean(outer.get("t"), MAX_VALUE_LENGTH) ?? clean(inner.get("t"), MAX_VALUE_LENGTH),
    returnPath,
    query: firstValues(outer),
  };
}

/**
 * Decides which referral cookies to write for an entry. A code or t is always recorded; without them the referer
 * cookie is written only for a landing from another site and never overwrites an existing one, so internal
 * navigation does not erase the attribution.
 */
export function planReferralCookies(entry: EntryContext): ReferralCookiePlan {
  const params = parseReferralParams(entry.search);
  const hasCampaign = params.code !== null || params.tracking !== null;
  const externalLanding = !entry.hasRefererCookie && isExternal(entry.referrer, entry.origin);
  const referer: RefererRecord | null = hasCampaign || externalLanding
    ? fitCookieBudget({
        TParam: params.tracking ?? "",
        QuestionParam: params.query,
        Referer: entry.referrer.slice(0, MAX_URL_LENGTH),
        cUrl: `${entry.origin}${entry.pathname}`.slice(0, MAX_URL_LENGTH),
      })
    : null;
  return { inviteCode: params.code, referer };
}

/** URL-encoded size of a record, as it will sit in the cookie (JSON.stringify escapes lone surrogates, so this never throws). */
export function encodedRecordLength(record: RefererRecord): number {
  return encodeURIComponent(JSON.stringify(record)).length;
}

/** Drops trailing query parameters, then shortens the free-text fields, until the record fits the budget. */
function fitCookieBudget(record: RefererRecord): RefererRecord {
  let fitted = record;
  const keys = Object.keys(record.QuestionParam);
  while (encodedRecordLength(fitted) > REFERER_COOKIE_BUDGET && keys.length > 0) {
    keys.pop();
    fitted = { ...fitted, QuestionParam: Object.fromEntries(keys.map((key) => [key, record.QuestionParam[key] ?? ""])) };
  }
  for (const field of ["Referer", "TParam", "cUrl"] as const) {
    while (encodedRecordLength(fitted) > REFERER_COOKIE_BUDGET && fitted[field].length > 0) {
      fitted = { ...fitted, [field]: fitted[field].slice(0, Math.floor(fitted[field].length / 2)) };
    }
  }
  return fitted;
}

function inviteCode(value: string | null): string | null {
  const trimmed = value?.trim() ?? "";
  return INVITE_CODE.test(trimmed) ? trimmed : null;
}

function clean(value: string | null, maxLength: number): string | null {
  const trimmed = value?.trim().slice(0, maxLength) ?? "";
  return trimmed === "" ? null : trimmed;
}

function queryOf(path: string): string {
  const start = path.indexOf("?");
  if (start < 0) return "";
  const end = path.indexOf("#", start);
  return path.slice(start + 1, end < 0 ? undefined : end);
}

function firstValues(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of params) {
    if (Object.keys(result).length >= MAX_QUERY_KEYS) break;
    const name = key.slice(0, MAX_VALUE_LENGTH);
    if (!Object.hasOwn(result, name)) result[name] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return result;
}

function isExternal(referrer: string, origin: string): boolean {
  if (!referrer) return false;
  try {
    return new URL(referrer).origin !== origin;
  } catch {
    return false;
  }
}
