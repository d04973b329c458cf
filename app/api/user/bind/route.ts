import { NextResponse } from "next/server";
import { parseAccount } from "@/lib/domain/account";
import { BIND_INVALID, BindBody, bindInvalid } from "@/lib/domain/account/schemas";
import { issueCode, verifyCode } from "@/lib/server/auth/codes";
import { refreshUserInfoCookie } from "@/lib/server/auth/cookies";
import { AppError, rateLimited, route } from "@/lib/server/http";
import { bindAccount, checkNewAddress } from "@/lib/server/members/profile";
import { takeToken, withFailureLimits } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";

const WINDOW_SEC = 15 * 60;

const tooMany = (wait: number) => rateLimited(`操作过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);

/**
 * Binds or changes the member's e-mail or mobile in two steps:
 * `{step:"send", kind, account}` sends a code to the new address → `{message}`;
 * `{step:"confirm", kind, account, code}` checks it and binds → `{message, userInfo}` and a fresh `userinfo` cookie.
 */
export const POST = route({ name: "e-mail/mobile binding", auth: "member", body: BindBody, invalidMessage: bindInvalid }, async ({ req, viewer, session, body }) => {
  const account = parseAccount(body.account);
  if (!account || account.kind !== body.kind) throw new AppError("invalid", BIND_INVALID[body.kind]);

  if (body.step === "send") {
    const wait = await takeToken("bind-send-user", viewer.userId, 10, 60 * 60);
    if (wait > 0) throw tooMany(wait);
    // Another member's address gets a code too: the answer must not tell who is registered (ADR 0029).
    await checkNewAddress(viewer, account);
    await issueCode({ account: account.value, purpose: "bind", ip: clientIp(req.headers), userId: viewer.userId });
    return { message: account.kind === "email" ? "验证码已发送到新邮箱" : "验证码已发送到新手机号" };
  }

  // Wrong codes count per member on top of the code service's own limit per code.
  const verified = await withFailureLimits(
    [["bind-confirm-user", viewer.userId, 10, WINDOW_SEC]],
    () => verifyCode({ account: account.value, purpose: "bind", code: body.code, userId: viewer.userId }),
    (err) => err instanceof AppError,
    tooMany,
  );
  if (verified.kind !== body.kind) throw new AppError("invalid", BIND_INVALID[body.kind]);
  const userInfo = await bindAccount(viewer, verified);
  const res = NextResponse.json({ message: body.kind === "email" ? "邮箱已绑定" : "手机号已绑定", userInfo });
  refreshUserInfoCookie(res, userInfo, session.expiresAt);
  return res;
});
