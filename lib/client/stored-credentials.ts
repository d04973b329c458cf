import { getCookie } from "cookies-next/client";
import { USERINFO_COOKIE } from "@/lib/domain/site";

export { readStoredToken } from "./token";

/** The user info JSON the request layer sends as the `token` header (SPEC §7). */
export function readUserInfoCookie(): string | undefined {
  return getCookie(USERINFO_COOKIE);
}
