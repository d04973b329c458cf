import "server-only";
import type { NextRequest } from "next/server";
import { INVITE_COOKIE, REFERER_COOKIE, TOKEN_COOKIE } from "@/lib/domain/site";
import { requestDevice } from "@/lib/server/security/device";
import { clientIp } from "@/lib/server/security/request-meta";
import type { SignInContext } from "@/lib/server/referrals/register";

/**
 * What a sign-in request tells about the newcomer: invitation code, device, address and referral record, and the
 * session token the browser already carried (ended when the sign-in succeeds).
 */
export function signInContext(req: NextRequest, invitationCode?: string | null): SignInContext {
  const device = requestDevice(req.cookies);
  let referer: Record<string, unknown> | null = null;
  const raw = req.cookies.get(REFERER_COOKIE)?.value;
  if (raw && raw.length <= 4096) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) referer = parsed as Record<string, unknown>;
    } catch {
      referer = null;
    }
  }
  const code = (invitationCode ?? req.cookies.get(INVITE_COOKIE)?.value ?? "").trim();
  return {
    invitationCode: /^[A-Za-z0-9]{4,16}$/.test(code) ? code : null,
    device,
    ip: clientIp(req.headers),
    userAgent: req.headers.get("user-agent") ?? "",
    referer,
    previousToken: req.cookies.get(TOKEN_COOKIE)?.value ?? null,
  };
}
