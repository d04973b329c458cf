import { NextResponse, type NextRequest } from "next/server";
import { requestToken } from "@/lib/server/auth/request-session";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { requestMarketSync } from "@/lib/server/market/sync/admin";
import { isSameOrigin } from "@/lib/server/security/request-meta";

/**
 * Administrators: the 同步行情 button. Queues a sync of every traded stock, the 沪深300 and the calendar; the job worker
 * runs it, so the answer (202) comes at once. 409 with what to configure when no market data provider is set.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const viewer = await viewerForToken(requestToken(req));
    if (!viewer) return fail(401, "请先登录");
    const outcome = await requestMarketSync(viewer);
    if (!outcome.ok) return fail(409, outcome.message);
    const message = outcome.alreadyQueued ? "同步已在进行中，完成后刷新本页查看结果" : "已开始同步行情，完成后刷新本页查看结果";
    return NextResponse.json({ ok: true, message }, { status: 202 });
  } catch (err) {
    if (err instanceof RoleRefusedError) return fail(403, "访问被拒绝");
    logger().error({ err }, "market sync request failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
