import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { setLoginCookies } from "@/lib/server/auth/cookies";
import { claimFirstAdmin } from "@/lib/server/auth/first-admin";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { createSession } from "@/lib/server/auth/sessions";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { fail } from "@/lib/server/http";
import { readJsonBody } from "@/lib/server/request-body";
import { requestDevice } from "@/lib/server/security/device";
import { takeToken } from "@/lib/server/security/rate-limit";
import { clientIp, isSameOrigin } from "@/lib/server/security/request-meta";

const Body = z.object({
  token: z.string().trim().min(1).max(200),
  /** A new account; without it, the member who is logged in becomes the administrator. */
  account: z.object({ email: z.string().trim().max(254), password: z.string().max(200), nickname: z.string().trim().max(64).optional() }).optional(),
});

/**
 * /setup's form (ADR 0034): spends the setup token start-up printed and makes the first administrator — the
 * member who is logged in, or a new account, which is then logged in. Ten tries per address in ten minutes.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  const wait = await takeToken("setup-ip", clientIp(req.headers), 10, 10 * 60);
  if (wait > 0) return fail(429, `尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });
  const json = await readJsonBody(req);
  if (!json.ok) return json.refusal;
  const parsed = Body.safeParse(json.value);
  if (!parsed.success) return fail(400, "请填写设置令牌");
  const { token, account } = parsed.data;

  if (!account) {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录，或在本页创建新的管理员账号");
    const result = await claimFirstAdmin(token, { userId: session.viewer.userId });
    if (!result.ok) return fail(result.status, result.message);
    const viewer = await viewerForToken(session.token);
    const res = NextResponse.json({ redirectTo: "/admin", message: "你已成为管理员" });
    if (viewer) setLoginCookies(res, session.token, session.expiresAt, viewer.userInfo);
    return res;
  }

  const result = await claimFirstAdmin(token, account);
  if (!result.ok) return fail(result.status, result.message);
  const created = await createSession(result.userId, req.headers.get("user-agent") ?? "", requestDevice(req.cookies));
  const viewer = await viewerForToken(created.token);
  if (!viewer) return fail(500, "服务器内部错误");
  const res = NextResponse.json({ redirectTo: "/admin", message: "管理员账号已创建并登录" });
  setLoginCookies(res, created.token, created.expiresAt, viewer.userInfo);
  return res;
}
