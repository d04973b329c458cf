import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { isGuid } from "@/lib/domain/route-params";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { deleteOwnStatement, setOwnStatementVisibility } from "@/lib/server/statements/own";

const Body = z.object({ action: z.enum(["publish", "unpublish", "delete"]) });

/** A member publishes, hides or deletes one of their own statements. */
export async function POST(req: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  const session = await sessionOfRequest(req);
  if (!session) return fail(401, "请先登录");
  const { id } = await params;
  const json = await readJsonBody(req);
  if (!json.ok) return json.refusal;
  const body = Body.safeParse(json.value);
  if (!isGuid(id) || !body.success) return fail(400, "请求参数无效");
  try {
    const { action } = body.data;
    const done = action === "delete" ? await deleteOwnStatement(session.viewer, id) : await setOwnStatementVisibility(session.viewer, id, action === "publish");
    if (!done) return fail(404, "交割单不存在");
    const message = action === "delete" ? "交割单已删除" : action === "publish" ? "已公开到你的主页" : "已设为仅自己可见";
    return NextResponse.json({ message }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    logger().error({ err, id }, "statement action failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
