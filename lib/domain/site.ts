/** Names fixed by SPEC §3–§4: cookies, storage keys and the project slug used as their suffix. */
export const SITE_SLUG = "lianghua";

export const TOKEN_COOKIE = "token";
export const USERINFO_COOKIE = "userinfo";
/** localStorage key for the user info: the name plus the project suffix. */
export const USERINFO_STORAGE_KEY = `userinfo_${SITE_SLUG}`;
export const INVITE_COOKIE = "cfc_inv";
/** Referral tracking cookie; SPEC: its name ends in `.lianghua.referer`. */
export const REFERER_COOKIE = `cfc.${SITE_SLUG}.referer`;
export const DISCLAIMER_STORAGE_KEY = "disclaimerClosedTime";

/** Session-data keys named in SPEC §3. */
export const SESSION_KEYS = ["userinfo", "menuPosition", "vcodeNugd", "recserfCode", "recserfGuid", "likeCount"] as const;

/** Request headers the middleware sets for the pages (always overwritten, never trusted from the client). */
export const PATH_HEADER = "x-lh-path";
export const ERROR_MESSAGE_HEADER = "x-lh-error-message";
