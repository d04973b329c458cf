import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import type { z } from "zod";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import type { Viewer } from "@/lib/server/auth/viewer";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";

/**
 * The payment routes' preamble: same-origin, logged in, body parsed by the schema; errors become Chinese messages
 * (500 without details) and a log line naming the route.
 */
export function memberRoute<S extends z.ZodType>(
  name: string,
  schema: S,
  handler: (viewer: Viewer, body: z.infer<S>) => Promise<NextResponse>,
): (req: NextRequest) => Promise<NextResponse> {
  return async (req) => {
    if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
    try {
      const session = await sessionOfRequest(req);
      if (!session) return fail(401, "请先登录");
      const json = await readJsonBody(req);
      if (!json.ok) return json.refusal;
      const parsed = schema.safeParse(json.value);
      if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "请求参数无效");
      return await handler(session.viewer, parsed.data);
    } catch (err) {
      logger().error({ err }, `${name} failed`);
      return fail(500, "服务器内部错误，请稍后再试");
    }
  };
}
