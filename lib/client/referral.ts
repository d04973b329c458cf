/**
 * Records where a visitor came from (SPEC §3/§5): the invitation code in cookie `cfc_inv` (7 days) and the
 * referral tracking cookie (3 days) that the server reads at registration.
 */
import { getCookie, setCookie } from "cookies-next/client";
import { INVITE_COOKIE_DAYS, REFERER_COOKIE_DAYS } from "@/lib/domain/constants";
import { planReferralCookies, type ReferralCookiePlan, type RefererRecord } from "@/lib/domain/referral-params";
import { INVITE_COOKIE, REFERER_COOKIE } from "@/lib/domain/site";
import { cookieAttributes } from "./cookie-attributes";

/** Reads code / t / r from the current URL and writes the cookies that have something to record. */
export function captureReferral(location: Pick<Location, "search" | "origin" | "pathname"> = window.location,
  referrer: string = document.referrer): ReferralCookiePlan {
  const plan = planReferralCookies({
    search: location.search,
    referrer,
    origin: location.origin,
    pathname: location.pathname,
    hasRefererCookie: getCookie(REFERER_COOKIE) !== undefined,
  });
  if (plan.inviteCode) rememberInviteCode(plan.inviteCode);
  if (plan.referer) setCookie(REFERER_COOKIE, JSON.stringify(plan.referer), cookieAttributes(REFERER_COOKIE_DAYS));
  return plan;
}

/** Stores an invitation code that arrived another way (e.g. the /recs/{invitationcode} landing page). */
export function rememberInviteCode(code: string): void {
  setCookie(INVITE_COOKIE, code, cookieAttributes(INVITE_COOKIE_DAYS));
}

export function readInviteCode(): string | null {
  return getCookie(INVITE_COOKIE) || null;
}

export function readRefererRecord(): RefererRecord | null {
  const raw = getCookie(REFERER_COOKIE);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as RefererRecord) : null;
  } catch {
    return null;
  }
}
