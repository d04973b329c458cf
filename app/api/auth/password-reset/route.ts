import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseAccount, ACCOUNT_INVALID_MESSAGE } from "@/lib/domain/account";
import { issueCode, verifyCode } from "@/lib/server/auth/codes";
import { clearLoginCookies } from "@/lib/server/auth/cookies";
import { newPasswordProblem, PASSWORD_MAX, resetPassword, resetPasswordNames } from "@/lib/server/auth/password-change";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { logger } from "@/lib/server/logger";
import { readJsonBody } from "@/lib/server/request-body";
import { blockedFor, recordFailure } from "@/lib/server/security/rate-limit";
import { clientIp, isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

const Body = z.discriminatedUnion("step", [
  z.object({ step: z.literal("send"), account: z.string().max(254) }),
  z.object({
    step: z.literal("confirm"),
    account: z.string().max(254),
    code: z.string().trim().regex(/^\d{6}$/, "请输入 6 位数字验证码"),
    newPassword: z.string().max(PASSWORD_MAX * 4),
  }),
]);

/** One answer whether or not the account exists. */
const SENT_MESSAGE = "如果该账号已注册，验证码已发送，请查收";
const WINDOW_SEC = 15 * 60;

const tooMany = (wait: number) =>
  fail(429, `尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });

/**
 * Password reset by a one-time code, for members who are logged out:
 * `{step:"send", account}` → `{message}` (the same whether or not the account exists);
 * `{step:"confirm", account, code, newPassword}` → `{message}`: the password is set, every session of the member
 * ends and nobody is logged in (they log in with the new password).
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const raw: unknown = json.value;
    const parsed = Body.safeParse(raw);
    if (!parsed.success) {
      const step = (raw as { step?: unknown } | null)?.step;
      return fail(400, step === "confirm" ? "请填写账号、6 位验证码和新密码" : "请输入手机号或邮箱");
    }
    const body = parsed.data;
    const account = parseAccount(body.account);
    if (!account) return fail(400, ACCOUNT_INVALID_MESSAGE);
    const ip = clientIp(req.headers);

    if (body.step === "send") {
      let issued: Awaited<ReturnType<typeof issueCode>>;
      try {
        issued = await issueCode({ account: account.value, purpose: "reset", ip });
      } catch (err) {
        // Only a real account gets a message, so a delivery failure must not answer differently.
        logger().error({ err }, "password reset code delivery failed; answered as sent");
        return NextResponse.json({ message: SENT_MESSAGE });
      }
      if (issued.ok) return NextResponse.json({ message: SENT_MESSAGE });
      // Only answers that do not depend on the account existing are passed on (bad input, rate limits).
      if (issued.status === 400 || issued.status === 429) {
        return fail(issued.status, issued.message, issued.retryAfterSec ? { "Retry-After": String(issued.retryAfterSec) } : undefined);
      }
      logger().warn({ status: issued.status, reason: issued.message }, "password reset code not issued; answered as sent");
      return NextResponse.json({ message: SENT_MESSAGE });
    }

    // Check the new password before the code, so a typo in it does not use up the code; against the account typed
    // only, so the answer cannot depend on whether it has a member (ADR 0029).
    const problem = newPasswordProblem(body.newPassword, resetPasswordNames(account));
    if (problem) return fail(400, problem);
    const limits = [["password-reset-ip", ip, 20], ["password-reset-account", account.value, 10]] as const;
    const wait = Math.max(...(await Promise.all(limits.map(([name, key, points]) => blockedFor(name, key, points, WINDOW_SEC)))));
    if (wait > 0) return tooMany(wait);
    const verified = await verifyCode({ account: account.value, purpose: "reset", code: body.code });
    if (!verified.ok) {
      await Promise.all(limits.map(([name, key, points]) => recordFailure(name, key, points, WINDOW_SEC)));
      return fail(verified.status, verified.message);
    }
    const current = await sessionOfRequest(req);
    const result = await resetPassword(verified.account, body.newPassword);
    if (!result.ok) return fail(result.status, result.message);
    const res = NextResponse.json({ message: "密码已重置，请使用新密码登录" });
    // This browser's session of the member ended with the others: forget it here too.
    if (current?.viewer.userId === result.userId) clearLoginCookies(res);
    return res;
  } catch (err) {
    logger().error({ err }, "password reset failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
