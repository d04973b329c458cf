import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { refreshUserInfoCookie } from "@/lib/server/auth/cookies";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { logger } from "@/lib/server/logger";
import { updateNickname } from "@/lib/server/members/profile";
import { readJsonBody } from "@/lib/server/request-body";
import { takeToken } from "@/lib/server/security/rate-limit";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

const Body = z.object({ nickname: z.string().max(200, "昵称最长 32 个字") });

/** Changes the nickname: `{nickname}` → `{message, userInfo}` and a fresh `userinfo` cookie. */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = Body.safeParse(json.value);
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.code === "too_big" ? "昵称最长 32 个字" : "请输入昵称");
    const wait = await takeToken("profile-user", session.viewer.userId, 30, 60 * 60);
    if (wait > 0) return fail(429, `修改过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });
    const result = await updateNickname(session.viewer, parsed.data.nickname);
    if (!result.ok) return fail(result.status, result.message);
    const res = NextResponse.json({ message: "昵称已更新", userInfo: result.userInfo });
    refreshUserInfoCookie(res, result.userInfo, session.expiresAt);
    return res;
  } catch (err) {
    logger().error({ err }, "nickname update failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
