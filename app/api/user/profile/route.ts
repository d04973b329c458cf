import { NextResponse } from "next/server";
import { NicknameBody, nicknameInvalid } from "@/lib/domain/account/schemas";
import { refreshUserInfoCookie } from "@/lib/server/auth/cookies";
import { rateLimited, route } from "@/lib/server/http";
import { updateNickname } from "@/lib/server/members/profile";
import { takeToken } from "@/lib/server/security/rate-limit";

/** Changes the nickname: `{nickname}` → `{message, userInfo}` and a fresh `userinfo` cookie. */
export const POST = route({ name: "nickname update", auth: "member", body: NicknameBody, invalidMessage: nicknameInvalid }, async ({ viewer, session, body }) => {
  const wait = await takeToken("profile-user", viewer.userId, 30, 60 * 60);
  if (wait > 0) throw rateLimited(`修改过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);
  const userInfo = await updateNickname(viewer, body.nickname);
  const res = NextResponse.json({ message: "昵称已更新", userInfo });
  refreshUserInfoCookie(res, userInfo, session.expiresAt);
  return res;
});
