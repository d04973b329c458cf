import { type NextRequest, NextResponse } from "next/server";
import { z } from "zod";
import { verifyCode } from "@/lib/server/auth/codes";
import { completeSignIn } from "@/lib/server/auth/complete-sign-in";
import { signInContext } from "@/lib/server/auth/sign-in-request";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";

const Body = z.object({
  account: z.string().max(254),
  code: z.string().max(12),
  invitationCode: z.string().max(32).optional(),
  r: z.string().max(2000).optional(),
});

/** `{account, code, invitationCode?}`: logs in, registering on first use (with the referral reward). */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return NextResponse.json({ message: "请求来源无效" }, { status: 403 });
  const json = await readJsonBody(req);
  if (!json.ok) return json.refusal;
  const body = Body.safeParse(json.value);
  if (!body.success) return NextResponse.json({ message: "请输入手机号或邮箱和验证码" }, { status: 400 });
  const verified = await verifyCode({ account: body.data.account, purpose: "login", code: body.data.code });
  if (!verified.ok) return NextResponse.json({ message: verified.message }, { status: verified.status });
  return completeSignIn(verified.account, signInContext(req, body.data.invitationCode), body.data.r);
}
