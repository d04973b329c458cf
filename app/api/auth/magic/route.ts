import { type NextRequest, NextResponse } from "next/server";
import { z } from "zod";
import { consumeLoginLink } from "@/lib/server/auth/codes";
import { completeSignIn } from "@/lib/server/auth/complete-sign-in";
import { signInContext } from "@/lib/server/auth/sign-in-request";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";

const Body = z.object({ token: z.string().max(200), r: z.string().max(2000).optional() });

/** Completes the one-click link of a login e-mail (POSTed by /auth, so a link preview cannot use it up). */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return NextResponse.json({ message: "请求来源无效" }, { status: 403 });
  const json = await readJsonBody(req);
  if (!json.ok) return json.refusal;
  const body = Body.safeParse(json.value);
  const account = body.success ? await consumeLoginLink(body.data.token) : null;
  if (!account) return NextResponse.json({ message: "登录链接无效或已过期" }, { status: 400 });
  return completeSignIn(account, signInContext(req), body.success ? body.data.r : undefined);
}
