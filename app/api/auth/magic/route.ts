import { MAGIC_LINK_INVALID, MagicLinkBody } from "@/lib/domain/account/schemas";
import { consumeLoginLink } from "@/lib/server/auth/codes";
import { completeSignIn } from "@/lib/server/auth/complete-sign-in";
import { signInContext } from "@/lib/server/auth/sign-in-request";
import { AppError, route } from "@/lib/server/http";

/** Completes the one-click link of a login e-mail (POSTed by /auth, so a link preview cannot use it up). */
export const POST = route({ name: "login link", auth: "visitor", session: false, body: MagicLinkBody, invalidMessage: MAGIC_LINK_INVALID }, async ({ req, body }) => {
  const account = await consumeLoginLink(body.token);
  if (!account) throw new AppError("invalid", MAGIC_LINK_INVALID);
  return completeSignIn(account, signInContext(req), body.r);
});
