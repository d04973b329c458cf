import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { config } from "@/lib/config";
import { safeReturnPath } from "@/lib/domain/return-path";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import { setLoginCookies } from "@/lib/server/auth/cookies";
import { loginWithPassword } from "@/lib/server/auth/login";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { readJsonBody } from "@/lib/server/request-body";
import { requestDevice } from "@/lib/server/security/device";
import { holdLoginAnswer, loginThrottle, recordLoginFailure } from "@/lib/server/security/login-throttle";
import { clientIp, isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

const Body = z.object({
  account: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  r: z.string().max(2000).optional(),
});

/** Password login: sets the HttpOnly `token` and the readable `userinfo` cookies, answers where to go next. */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  const json = await readJsonBody(req);
  if (!json.ok) return json.refusal;
  const parsed = Body.safeParse(json.value);
  if (!parsed.success) return fail(400, "请输入账号和密码");
  const { account, password, r } = parsed.data;

  // P10 (lib/domain/login-throttle.ts): refused per account and address and per address, slowed per account;
  // unknown accounts alike, successful logins cost nothing.
  const ip = clientIp(req.headers);
  const throttle = await loginThrottle(account, ip);
  if ("refusedForSec" in throttle) {
    const wait = throttle.refusedForSec;
    return fail(429, `尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });
  }
  await holdLoginAnswer(throttle.delayMs);

  const device = requestDevice(req.cookies);
  const previousToken = req.cookies.get(TOKEN_COOKIE)?.value ?? null;
  const result = await loginWithPassword(account, password, req.headers.get("user-agent") ?? "", device, previousToken);
  if (!result.ok) {
    await recordLoginFailure(account, ip);
    return fail(401, "账号或密码错误");
  }
  const viewer = await viewerForToken(result.session.token);
  if (!viewer) return fail(500, "服务器内部错误");
  const res = NextResponse.json({ redirectTo: safeReturnPath(r, config().siteUrl), userInfo: viewer.userInfo });
  setLoginCookies(res, result.session.token, result.session.expiresAt, viewer.userInfo);
  return res;
}
