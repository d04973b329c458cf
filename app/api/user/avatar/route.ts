import { NextResponse, type NextRequest } from "next/server";
import { refreshUserInfoCookie } from "@/lib/server/auth/cookies";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { logger } from "@/lib/server/logger";
import { reencodeAvatar } from "@/lib/server/members/avatar-image";
import { readAvatarUpload, saveAvatar } from "@/lib/server/members/profile";
import { takeToken } from "@/lib/server/security/rate-limit";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { fail } from "@/lib/server/http";

/**
 * Avatar upload: multipart/form-data with the image in `file` (JPEG, PNG or WebP by its bytes, ≤ 2 MB, ≤ 4096 px a
 * side) → `{message, userInfo}` and a fresh `userinfo` cookie. The size is checked before the body is read in full;
 * the image is decoded and stored re-encoded as a 256×256 WebP (ADR 0030), or refused and nothing is stored.
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    const wait = await takeToken("avatar-user", session.viewer.userId, 20, 60 * 60);
    if (wait > 0) return fail(429, `上传过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, { "Retry-After": String(wait) });
    const upload = await readAvatarUpload({
      contentType: req.headers.get("content-type"),
      contentLength: req.headers.get("content-length"),
      body: req.body,
    });
    if (!upload.ok) return fail(upload.status, upload.message);
    const reencoded = await reencodeAvatar(upload.bytes);
    if (!reencoded.ok) return fail(reencoded.status, reencoded.message);
    const result = await saveAvatar(session.viewer, reencoded.image);
    const res = NextResponse.json({ message: "头像已更新", userInfo: result.userInfo });
    refreshUserInfoCookie(res, result.userInfo, session.expiresAt);
    return res;
  } catch (err) {
    logger().error({ err }, "avatar upload failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
