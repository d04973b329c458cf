import type Cookies from "js-cookie";

type CookieAttributes = NonNullable<Parameters<typeof Cookies.set>[2]>;

/** Site-wide cookie attributes for cookies the browser writes; Secure whenever the page itself is on https. */
export function cookieAttributes(expiresDays?: number): CookieAttributes {
  return {
    path: "/",
    sameSite: "lax",
    secure: window.location.protocol === "https:",
    ...(expiresDays === undefined ? {} : { expires: expiresDays }),
  };
}
