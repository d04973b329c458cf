import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { followStrategy, unfollowStrategy } from "@/lib/server/quant/follows";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";

const Body = z.object({
  strategyGuid: z.guid(),
  follow: z.boolean(),
  /** also send new signals by e-mail (only with follow: true) */
  email: z.boolean().optional(),
});

/**
 * Follows or unfollows a strategy: `{strategyGuid, follow, email?}`. Following again with `email` changes the e-mail
 * choice. Answers `{message, following, emailSignals}`; 409 with the tier message when the follow limit is reached.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = Body.safeParse(json.value);
    if (!parsed.success) return fail(400, "请求参数无效");
    const { strategyGuid, follow, email } = parsed.data;
    const outcome = follow ? await followStrategy(session.viewer, strategyGuid, { email }) : await unfollowStrategy(session.viewer, strategyGuid);
    if (!outcome.ok) {
      const status = outcome.code === "not_found" ? 404 : outcome.code === "limit" ? 409 : 401;
      return fail(status, outcome.message);
    }
    return NextResponse.json(
      { message: outcome.message, following: outcome.following, emailSignals: outcome.emailSignals },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (err) {
    logger().error({ err }, "following a strategy failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
