import { NextResponse } from "next/server";
import { parseAccount, ACCOUNT_INVALID_MESSAGE } from "@/lib/domain/account";
import { PasswordResetBody, passwordResetInvalid } from "@/lib/domain/account/schemas";
import { issueCode, verifyCode } from "@/lib/server/auth/codes";
import { clearLoginCookies } from "@/lib/server/auth/cookies";
import { newPasswordProblem, resetPassword, resetPasswordNames } from "@/lib/server/auth/password-change";
import { AppError, rateLimited, route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { withFailureLimits } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";

/** One answer whether or not the account exists. */
const SENT_MESSAGE = "如果该账号已注册，验证码已发送，请查收";
const WINDOW_SEC = 15 * 60;

/**
 * Password reset by a one-time code, for members who are logged out:
 * `{step:"send", account}` → `{message}` (the same whether or not the account exists);
 * `{step:"confirm", account, code, newPassword}` → `{message}`: the password is set, every session of the member
 * ends and nobody is logged in (they log in with the new password).
 */
export const POST = route({ name: "password reset", auth: "visitor", body: PasswordResetBody, invalidMessage: passwordResetInvalid }, async ({ req, viewer, body }) => {
  const account = parseAccount(body.account);
  if (!account) throw new AppError("invalid", ACCOUNT_INVALID_MESSAGE);
  const ip = clientIp(req.headers);

  if (body.step === "send") {
    try {
      await issueCode({ account: account.value, purpose: "reset", ip });
    } catch (err) {
      // Only refusals that do not depend on the account existing are passed on (bad input, rate limits).
      if (err instanceof AppError && (err.code === "invalid" || err.code === "rate_limited")) throw err;
      // Only a real account gets a message, so a delivery failure must not answer differently.
      if (err instanceof AppError) logger().warn({ status: err.status, reason: err.message }, "password reset code not issued; answered as sent");
      else logger().error({ err }, "password reset code delivery failed; answered as sent");
    }
    return { message: SENT_MESSAGE };
  }

  // Check the new password before the code, so a typo in it does not use up the code; against the account typed
  // only, so the answer cannot depend on whether it has a member (ADR 0029).
  const problem = newPasswordProblem(body.newPassword, resetPasswordNames(account));
  if (problem) throw new AppError("invalid", problem);
  const limits = [["password-reset-ip", ip, 20, WINDOW_SEC], ["password-reset-account", account.value, 10, WINDOW_SEC]] as const;
  const verified = await withFailureLimits(
    limits,
    () => verifyCode({ account: account.value, purpose: "reset", code: body.code }),
    (err) => err instanceof AppError,
    (wait) => rateLimited(`尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait),
  );
  const userId = await resetPassword(verified, body.newPassword);
  const res = NextResponse.json({ message: "密码已重置，请使用新密码登录" });
  // This browser's session of the member ended with the others: forget it here too.
  if (viewer?.userId === userId) clearLoginCookies(res);
  return res;
});
