const DAY_MS = 24 * 60 * 60 * 1000;

/** The options cookies-next's setCookie passes to the `cookie` package's serialize. */
export interface CookieAttributes {
  path: "/";
  sameSite: "lax";
  secure?: boolean;
  expires?: Date;
}

/** Site-wide cookie attributes for cookies the browser writes; Secure whenever the page itself is on https. */
export function cookieAttributes(expiresDays?: number, now: number = Date.now()): CookieAttributes {
  return {
    path: "/",
    sameSite: "lax",
    secure: window.location.protocol === "https:",
    ...(expiresDays === undefined ? {} : { expires: expiresAfterDays(expiresDays, now) }),
  };
}

/** The expiry `days` from now, as js-cookie's `expires: days` wrote it. */
export function expiresAfterDays(days: number, now: number = Date.now()): Date {
  return new Date(now + days * DAY_MS);
}
