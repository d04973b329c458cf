import { NextResponse } from "next/server";
import { refreshUserInfoCookie } from "@/lib/server/auth/cookies";
import type { Viewer } from "@/lib/server/auth/viewer";
import { rateLimited, route } from "@/lib/server/http";
import { reencodeAvatar } from "@/lib/server/members/avatar-image";
import { AVATAR_BODY_LIMIT, AVATAR_TOO_LARGE_MESSAGE, readAvatarUpload, saveAvatar } from "@/lib/server/members/profile";
import { takeToken } from "@/lib/server/security/rate-limit";

/** Twenty uploads an hour per member, counted before the body is looked at. */
async function limitUploads({ viewer }: { viewer: Viewer }): Promise<void> {
  const wait = await takeToken("avatar-user", viewer.userId, 20, 60 * 60);
  if (wait > 0) throw rateLimited(`上传过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);
}

/**
 * Avatar upload: multipart/form-data with the image in `file` (JPEG, PNG or WebP by its bytes, ≤ 2 MB, ≤ 4096 px a
 * side) → `{message, userInfo}` and a fresh `userinfo` cookie. The size is checked before the body is read in full;
 * the image is decoded and stored re-encoded as a 256×256 WebP (ADR 0030), or refused and nothing is stored.
 */
export const POST = route(
  { name: "avatar upload", auth: "member", before: limitUploads, body: "stream", maxBytes: AVATAR_BODY_LIMIT, tooLargeMessage: AVATAR_TOO_LARGE_MESSAGE },
  async ({ req, viewer, session }) => {
    const upload = await readAvatarUpload({ contentType: req.headers.get("content-type"), contentLength: req.headers.get("content-length"), body: req.body });
    const image = await reencodeAvatar(upload.bytes);
    const userInfo = await saveAvatar(viewer, image);
    const res = NextResponse.json({ message: "头像已更新", userInfo });
    refreshUserInfoCookie(res, userInfo, session.expiresAt);
    return res;
  },
);
