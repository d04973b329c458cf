import { NextResponse } from "next/server";
import { config } from "@/lib/config";
import { LOGIN_INVALID, LoginBody } from "@/lib/domain/account/schemas";
import { safeReturnPath } from "@/lib/domain/return-path";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import { setLoginCookies } from "@/lib/server/auth/cookies";
import { loginWithPassword } from "@/lib/server/auth/login";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { AppError, rateLimited, route } from "@/lib/server/http";
import { requestDevice } from "@/lib/server/security/device";
import { beginLoginAttempt } from "@/lib/server/security/login-throttle";
import { clientIp } from "@/lib/server/security/request-meta";

/** Password login: sets the HttpOnly `token` and the readable `userinfo` cookies, answers where to go next. */
export const POST = route({ name: "password login", auth: "visitor", session: false, body: LoginBody, invalidMessage: LOGIN_INVALID }, async ({ req, body }) => {
  const { account, password, r } = body;

  // P10 (lib/domain/login-throttle.ts): counted before the check, refused per account and address and per address,
  // spaced per account for addresses that failed it; unknown accounts alike, right passwords cost nothing.
  const ip = clientIp(req.headers);
  const attempt = await beginLoginAttempt(account, ip);
  if (attempt.refused !== null) {
    const wait = attempt.retryAfterSec;
    throw rateLimited(attempt.refused === "too-many" ? `尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试` : `尝试过于频繁，请 ${wait} 秒后再试`, wait);
  }
  const { settle } = attempt;

  const device = requestDevice(req.cookies);
  const previousToken = req.cookies.get(TOKEN_COOKIE)?.value ?? null;
  const { session } = await loginWithPassword(account, password, req.headers.get("user-agent") ?? "", device, previousToken).then(
    async (done) => {
      await settle(true);
      return done;
    },
    async (err: unknown) => {
      // a refusal is a wrong try and stays counted; a failure of ours is no try at all
      await settle(!(err instanceof AppError));
      throw err;
    },
  );
  const viewer = await viewerForToken(session.token);
  if (!viewer) throw new Error("a session just created names no viewer");
  const res = NextResponse.json({ redirectTo: safeReturnPath(r, config().siteUrl), userInfo: viewer.userInfo });
  setLoginCookies(res, session.token, session.expiresAt, viewer.userInfo);
  return res;
});
