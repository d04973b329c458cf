import "server-only";
import { NextResponse } from "next/server";
import { config } from "@/lib/config";
import { safeReturnPath } from "@/lib/domain/return-path";
import type { Account } from "@/lib/domain/account";
import { setLoginCookies } from "./cookies";
import { endPreviousSession } from "./sessions";
import { viewerForToken } from "./viewer";
import { signInVerifiedAccount, type SignInContext } from "@/lib/server/referrals/register";

/**
 * Signs in (or registers) a verified account and answers with both login cookies and where to go next. The session
 * the browser brought (`ctx.previousToken`) ends: a login always rotates the session (P8).
 */
export async function completeSignIn(account: Account, ctx: SignInContext, r: string | undefined): Promise<NextResponse> {
  const result = await signInVerifiedAccount(account, ctx);
  await endPreviousSession(ctx.previousToken, result.session.token);
  const viewer = await viewerForToken(result.session.token);
  if (!viewer) return NextResponse.json({ message: "服务器内部错误" }, { status: 500 });
  const res = NextResponse.json({
    redirectTo: safeReturnPath(r, config().siteUrl),
    registered: result.created,
    referral: result.referral?.status ?? null,
    userInfo: viewer.userInfo,
  });
  setLoginCookies(res, result.session.token, result.session.expiresAt, viewer.userInfo);
  return res;
}
