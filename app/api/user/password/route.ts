import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { changePassword, PASSWORD_MAX } from "@/lib/server/auth/password-change";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { logger } from "@/lib/server/logger";
import { readJsonBody } from "@/lib/server/request-body";
import { blockedFor, recordFailure } from "@/lib/server/security/rate-limit";
import { clientIp, isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

const Body = z.object({
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  newPassword: z.string().max(PASSWORD_MAX * 4),
});

const WINDOW_SEC = 15 * 60;

/**
 * Sets the first password or changes it: `{currentPassword?, newPassword}` → `{message}`. The current password is
 * required once one exists; wrong ones are limited per member and per address. Every other session ends.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = Body.safeParse(json.value);
    if (!parsed.success) return fail(400, "请输入新密码");

    const limits = [["password-change-user", session.viewer.userId, 5], ["password-change-ip", clientIp(req.headers), 20]] as const;
    const wait = Math.max(...(await Promise.all(limits.map(([name, key, points]) => blockedFor(name, key, points, WINDOW_SEC)))));
    if (wait > 0) return fail(429, `尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });

    const result = await changePassword(session.viewer, session.token, parsed.data);
    if (!result.ok) {
      if (result.wrongPassword) await Promise.all(limits.map(([name, key, points]) => recordFailure(name, key, points, WINDOW_SEC)));
      return fail(result.status, result.message);
    }
    return NextResponse.json({ message: result.wasSet ? "密码已设置，其他设备上的登录已退出" : "密码已修改，其他设备上的登录已退出" });
  } catch (err) {
    logger().error({ err }, "password change failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
