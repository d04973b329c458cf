import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseAccount } from "@/lib/domain/account";
import { issueCode, verifyCode } from "@/lib/server/auth/codes";
import { refreshUserInfoCookie } from "@/lib/server/auth/cookies";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { logger } from "@/lib/server/logger";
import { bindAccount, checkNewAddress } from "@/lib/server/members/profile";
import { readJsonBody } from "@/lib/server/request-body";
import { blockedFor, recordFailure, takeToken } from "@/lib/server/security/rate-limit";
import { clientIp, isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

const Kind = z.enum(["email", "mobile"]);
const Body = z.discriminatedUnion("step", [
  z.object({ step: z.literal("send"), kind: Kind, account: z.string().max(254) }),
  z.object({ step: z.literal("confirm"), kind: Kind, account: z.string().max(254), code: z.string().trim().regex(/^\d{6}$/) }),
]);

const INVALID = { email: "请输入正确的邮箱", mobile: "请输入正确的手机号" } as const;
const WINDOW_SEC = 15 * 60;

const tooMany = (wait: number) =>
  fail(429, `操作过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });

/**
 * Binds or changes the member's e-mail or mobile in two steps:
 * `{step:"send", kind, account}` sends a code to the new address → `{message}`;
 * `{step:"confirm", kind, account, code}` checks it and binds → `{message, userInfo}` and a fresh `userinfo` cookie.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const raw: unknown = json.value;
    const parsed = Body.safeParse(raw);
    if (!parsed.success) {
      const step = (raw as { step?: unknown } | null)?.step;
      return fail(400, step === "confirm" ? "请输入 6 位数字验证码" : "请输入要绑定的手机号或邮箱");
    }
    const body = parsed.data;
    const account = parseAccount(body.account);
    if (!account || account.kind !== body.kind) return fail(400, INVALID[body.kind]);
    const { viewer } = session;

    if (body.step === "send") {
      const wait = await takeToken("bind-send-user", viewer.userId, 10, 60 * 60);
      if (wait > 0) return tooMany(wait);
      // Another member's address gets a code too: the answer must not tell who is registered (ADR 0029).
      const fresh = await checkNewAddress(viewer, account);
      if (!fresh.ok) return fail(fresh.status, fresh.message);
      const issued = await issueCode({ account: account.value, purpose: "bind", ip: clientIp(req.headers), userId: viewer.userId });
      if (!issued.ok) {
        return fail(issued.status, issued.message, issued.retryAfterSec ? { "Retry-After": String(issued.retryAfterSec) } : undefined);
      }
      return NextResponse.json({ message: account.kind === "email" ? "验证码已发送到新邮箱" : "验证码已发送到新手机号" });
    }

    // Wrong codes count per member on top of the code service's own limit per code.
    const blocked = await blockedFor("bind-confirm-user", viewer.userId, 10, WINDOW_SEC);
    if (blocked > 0) return tooMany(blocked);
    const verified = await verifyCode({ account: account.value, purpose: "bind", code: body.code, userId: viewer.userId });
    if (!verified.ok) {
      await recordFailure("bind-confirm-user", viewer.userId, 10, WINDOW_SEC);
      return fail(verified.status, verified.message);
    }
    if (verified.account.kind !== body.kind) return fail(400, INVALID[body.kind]);
    const bound = await bindAccount(viewer, verified.account);
    if (!bound.ok) return fail(bound.status, bound.message);
    const res = NextResponse.json({ message: body.kind === "email" ? "邮箱已绑定" : "手机号已绑定", userInfo: bound.userInfo });
    refreshUserInfoCookie(res, bound.userInfo, session.expiresAt);
    return res;
  } catch (err) {
    logger().error({ err }, "e-mail/mobile binding failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
