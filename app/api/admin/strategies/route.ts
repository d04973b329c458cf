import { NextResponse, type NextRequest } from "next/server";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { hasAdminRights } from "@/lib/server/auth/roles";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { createStrategy, StrategyInput } from "@/lib/server/quant/strategies-admin";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";

/** Administrators: creates a strategy from `{name, author, description, style, status, startDate, benchmark}`; answers `{message, guid}`. */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    if (!hasAdminRights(session.viewer)) return fail(403, "没有权限");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = StrategyInput.safeParse(json.value, { error: () => "参数无效" });
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "参数无效");
    const strategy = await createStrategy(session.viewer, parsed.data);
    logger().info({ guid: strategy.guid, by: session.viewer.userId }, "strategy created");
    return NextResponse.json({ message: `已创建策略“${strategy.name}”`, guid: strategy.guid });
  } catch (err) {
    logger().error({ err }, "strategy create failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
