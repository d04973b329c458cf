import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { requestToken } from "@/lib/server/auth/request-session";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { logger } from "@/lib/server/logger";
import { approveReferral, rejectReferral } from "@/lib/server/referrals/review";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

const Body = z.object({
  action: z.enum(["approve", "reject"], { error: "参数无效" }),
  referralId: z.guid("邀请记录编号无效"),
});

const STATUS_TEXT = { granted: "已发放", rejected: "已拒绝" } as const;

/** Administrators: decides a held referral reward, `{action:"approve"|"reject", referralId}`. Exactly once either way. */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const viewer = await viewerForToken(requestToken(req));
    if (!viewer) return fail(401, "请先登录");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = Body.safeParse(json.value);
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "参数无效");
    const { action, referralId } = parsed.data;
    const result = action === "approve" ? await approveReferral(viewer, referralId) : await rejectReferral(viewer, referralId);
    if (!result.ok && result.reason === "not-found") return fail(404, "邀请记录不存在");
    if (!result.ok) return fail(409, `该邀请奖励已处理（${STATUS_TEXT[result.status]}）`);
    return NextResponse.json({ ok: true, status: result.status, changed: result.changed });
  } catch (err) {
    if (err instanceof RoleRefusedError) return fail(403, "访问被拒绝");
    logger().error({ err }, "referral review failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
