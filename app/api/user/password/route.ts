import { PASSWORD_CHANGE_INVALID, PasswordChangeBody } from "@/lib/domain/account/schemas";
import { WrongCurrentPasswordError, changePassword } from "@/lib/server/auth/password-change";
import { rateLimited, route } from "@/lib/server/http";
import { withFailureLimits } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";

const WINDOW_SEC = 15 * 60;

/**
 * Sets the first password or changes it: `{currentPassword?, newPassword}` → `{message}`. The current password is
 * required once one exists; wrong ones are limited per member and per address. Every other session ends.
 */
export const POST = route(
  { name: "password change", auth: "member", body: PasswordChangeBody, invalidMessage: PASSWORD_CHANGE_INVALID },
  async ({ req, viewer, session, body }) => {
    const limits = [["password-change-user", viewer.userId, 5, WINDOW_SEC], ["password-change-ip", clientIp(req.headers), 20, WINDOW_SEC]] as const;
    const result = await withFailureLimits(
      limits,
      () => changePassword(viewer, session.token, body),
      (err) => err instanceof WrongCurrentPasswordError,
      (wait) => rateLimited(`尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait),
    );
    return { message: result.wasSet ? "密码已设置，其他设备上的登录已退出" : "密码已修改，其他设备上的登录已退出" };
  },
);
