import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { issueCode } from "@/lib/server/auth/codes";
import { readJsonBody } from "@/lib/server/request-body";
import { clientIp, isSameOrigin } from "@/lib/server/security/request-meta";

const Body = z.object({ account: z.string().max(254) });

/** Sends a login code (a first code login registers). `{account}` → 200 `{ok:true}` or the Chinese reason. */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return NextResponse.json({ message: "请求来源无效" }, { status: 403 });
  const json = await readJsonBody(req);
  if (!json.ok) return json.refusal;
  const body = Body.safeParse(json.value);
  if (!body.success) return NextResponse.json({ message: "请输入手机号或邮箱" }, { status: 400 });
  const result = await issueCode({ account: body.data.account, purpose: "login", ip: clientIp(req.headers) });
  if (!result.ok) {
    const headers = result.retryAfterSec ? { "Retry-After": String(result.retryAfterSec) } : undefined;
    return NextResponse.json({ message: result.message }, { status: result.status, headers });
  }
  return NextResponse.json({ ok: true });
}
