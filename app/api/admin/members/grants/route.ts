import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { addGrant, endGrant } from "@/lib/server/admin/members";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import { requestToken } from "@/lib/server/auth/request-session";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { logger } from "@/lib/server/logger";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

const Body = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("add"),
      userId: z.guid("会员编号无效"),
      level: z.enum(["vip", "svip"], { error: "请选择 VIP 或 SVIP" }),
      days: z.number({ error: "请输入天数" }).int("天数须为整数").min(1, "天数须在 1–3660 之间").max(3660, "天数须在 1–3660 之间"),
      requestId: z.guid("请求编号无效"),
    }),
    z.object({ action: z.literal("end"), grantId: z.guid("授权编号无效") }),
  ],
  { error: "参数无效" },
);

/**
 * Administrators: `{action:"add", userId, level:"vip"|"svip", days, requestId}` adds a grant after the member's current run
 * of that level (a repeated requestId grants once); `{action:"end", grantId}` ends an active grant now.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const viewer = await viewerForToken(requestToken(req));
    if (!viewer) return fail(401, "请先登录");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = Body.safeParse(json.value);
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "参数无效");
    const body = parsed.data;
    if (body.action === "add") {
      const result = await addGrant(viewer, {
        userId: body.userId, levelId: body.level === "svip" ? 200 : 100, days: body.days, requestId: body.requestId,
      });
      if (result.status === "not-found") return fail(404, "会员不存在");
      return NextResponse.json({ ok: true, created: result.status === "created", grantId: result.grantId });
    }
    const result = await endGrant(viewer, body.grantId);
    if (result.status === "not-found") return fail(404, "授权不存在");
    if (result.status === "inactive") return fail(409, "该授权未在生效中，无法结束");
    return NextResponse.json({ ok: true });
  } catch (err) {
    if (err instanceof RoleRefusedError) return fail(403, "访问被拒绝");
    logger().error({ err }, "grant change failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
