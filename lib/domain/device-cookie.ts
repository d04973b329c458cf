/**
 * The server-issued device cookie (ADR 0027; not one of SPEC's cookies): HttpOnly, signed by the server, set by the
 * proxy on the first page view. The referral reward's "new device" rule keys on the id it carries.
 */
export const DEVICE_COOKIE = "lh_device";
/** 400 days: the longest lifetime browsers keep a cookie (Chromium caps Max-Age there). */
export const DEVICE_COOKIE_DAYS = 400;
