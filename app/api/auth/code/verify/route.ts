import { CODE_VERIFY_INVALID, CodeVerifyBody } from "@/lib/domain/account/schemas";
import { verifyCode } from "@/lib/server/auth/codes";
import { completeSignIn } from "@/lib/server/auth/complete-sign-in";
import { signInContext } from "@/lib/server/auth/sign-in-request";
import { route } from "@/lib/server/http";

/** `{account, code, invitationCode?}`: logs in, registering on first use (with the referral reward). */
export const POST = route({ name: "code login", auth: "visitor", session: false, body: CodeVerifyBody, invalidMessage: CODE_VERIFY_INVALID }, async ({ req, body }) => {
  const account = await verifyCode({ account: body.account, purpose: "login", code: body.code });
  return completeSignIn(account, signInContext(req, body.invitationCode), body.r);
});
