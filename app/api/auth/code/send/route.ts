import { CODE_SEND_INVALID, CodeSendBody } from "@/lib/domain/account/schemas";
import { issueCode } from "@/lib/server/auth/codes";
import { route } from "@/lib/server/http";
import { clientIp } from "@/lib/server/security/request-meta";

/** Sends a login code (a first code login registers). `{account}` → 200 `{ok:true}` or the Chinese reason. */
export const POST = route({ name: "sending a login code", auth: "visitor", session: false, body: CodeSendBody, invalidMessage: CODE_SEND_INVALID }, async ({ req, body }) => {
  await issueCode({ account: body.account, purpose: "login", ip: clientIp(req.headers) });
  return { ok: true };
});
