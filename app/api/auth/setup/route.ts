import { NextResponse } from "next/server";
import { SETUP_INVALID, SetupBody } from "@/lib/domain/account/schemas";
import { setLoginCookies } from "@/lib/server/auth/cookies";
import { claimFirstAdmin } from "@/lib/server/auth/first-admin";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { createSession } from "@/lib/server/auth/sessions";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { AppError, rateLimited, route } from "@/lib/server/http";
import { requestDevice } from "@/lib/server/security/device";
import { takeToken } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";

/** Ten tries per address in ten minutes, refused inputs included. */
async function limitSetupTries({ req }: { req: { headers: Headers } }): Promise<void> {
  const wait = await takeToken("setup-ip", clientIp(req.headers), 10, 10 * 60);
  if (wait > 0) throw rateLimited(`尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);
}

/**
 * /setup's form (ADR 0034): spends the setup token start-up printed and makes the first administrator — the
 * member who is logged in, or a new account, which is then logged in.
 */
export const POST = route(
  { name: "first administrator setup", auth: "visitor", session: false, before: limitSetupTries, body: SetupBody, invalidMessage: SETUP_INVALID },
  async ({ req, body: { token, account } }) => {
    if (!account) {
      const session = await sessionOfRequest(req);
      if (!session) throw new AppError("unauthenticated", "请先登录，或在本页创建新的管理员账号");
      await claimFirstAdmin(token, { userId: session.viewer.userId });
      const viewer = await viewerForToken(session.token);
      const res = NextResponse.json({ redirectTo: "/admin", message: "你已成为管理员" });
      if (viewer) setLoginCookies(res, session.token, session.expiresAt, viewer.userInfo);
      return res;
    }

    const result = await claimFirstAdmin(token, account);
    const created = await createSession(result.userId, req.headers.get("user-agent") ?? "", requestDevice(req.cookies));
    const viewer = await viewerForToken(created.token);
    if (!viewer) throw new Error("a session just created names no viewer");
    const res = NextResponse.json({ redirectTo: "/admin", message: "管理员账号已创建并登录" });
    setLoginCookies(res, created.token, created.expiresAt, viewer.userInfo);
    return res;
  },
);
