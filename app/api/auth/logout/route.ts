import { NextResponse, type NextRequest } from "next/server";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import { clearLoginCookies } from "@/lib/server/auth/cookies";
import { revokeSession } from "@/lib/server/auth/sessions";
import { isSameOrigin } from "@/lib/server/security/request-meta";

/** Ends the session on the server and clears both login cookies. */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return NextResponse.json({ message: "请求来源无效" }, { status: 403 });
  const token = req.cookies.get(TOKEN_COOKIE)?.value;
  if (token) await revokeSession(token);
  const res = NextResponse.json({ ok: true });
  clearLoginCookies(res);
  return res;
}
