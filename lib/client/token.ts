import { getCookie } from "cookies-next/client";
import { TOKEN_COOKIE } from "@/lib/domain/site";

/**
 * The login token when the browser can read it. The server sets the `token` cookie HttpOnly, so normally this is
 * only found when a non-HttpOnly copy exists (a readable `token` cookie or localStorage value named `token`).
 */
export function readStoredToken(): string | null {
  const fromCookie = getCookie(TOKEN_COOKIE);
  if (fromCookie) return fromCookie;
  try {
    return window.localStorage.getItem(TOKEN_COOKIE) || null;
  } catch {
    // Storage can be disabled (private mode, sandboxed iframes).
    return null;
  }
}
