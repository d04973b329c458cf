import "server-only";
import type { UserInfo } from "@/lib/domain/user-info";
import { levelEndDateString, type MembershipState } from "@/lib/domain/membership";
import type { UserRow } from "./users";

/** The SPEC §3 user info of a member; `mobile` falls back to the e-mail when no mobile is bound. */
export function toUserInfo(user: UserRow, membership: MembershipState): UserInfo {
  return {
    nickName: user.nickname,
    avatar: user.avatarUrl,
    mobile: user.mobile ?? user.email ?? "",
    email: user.email ?? "",
    invitationCode: user.invitationCode,
    levelEndDate: levelEndDateString(membership.endsAt),
    levelName: membership.level.levelName,
    levelId: membership.level.levelId,
    levelCode: membership.level.levelCode,
    uguid: user.id,
  };
}
