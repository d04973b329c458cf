import { NextResponse } from "next/server";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import { clearLoginCookies } from "@/lib/server/auth/cookies";
import { revokeSession } from "@/lib/server/auth/sessions";
import { route } from "@/lib/server/http";

/** Ends the session on the server and clears both login cookies. */
export const POST = route({ name: "logout", auth: "visitor", session: false }, async ({ req }) => {
  const token = req.cookies.get(TOKEN_COOKIE)?.value;
  if (token) await revokeSession(token);
  const res = NextResponse.json({ ok: true });
  clearLoginCookies(res);
  return res;
});
