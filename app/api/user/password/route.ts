import { PASSWORD_CHANGE_INVALID, PasswordChangeBody } from "@/lib/domain/account/schemas";
import { WrongCurrentPasswordError, changePassword } from "@/lib/server/auth/password-change";
import { rateLimited, route } from "@/lib/server/http";
import { blockedFor, recordFailure } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";

const WINDOW_SEC = 15 * 60;

/**
 * Sets the first password or changes it: `{currentPassword?, newPassword}` → `{message}`. The current password is
 * required once one exists; wrong ones are limited per member and per address. Every other session ends.
 */
export const POST = route(
  { name: "password change", auth: "member", body: PasswordChangeBody, invalidMessage: PASSWORD_CHANGE_INVALID },
  async ({ req, viewer, session, body }) => {
    const limits = [["password-change-user", viewer.userId, 5], ["password-change-ip", clientIp(req.headers), 20]] as const;
    const wait = Math.max(...(await Promise.all(limits.map(([name, key, points]) => blockedFor(name, key, points, WINDOW_SEC)))));
    if (wait > 0) throw rateLimited(`尝试次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);

    const result = await changePassword(viewer, session.token, body).catch(async (err: unknown) => {
      if (err instanceof WrongCurrentPasswordError) await Promise.all(limits.map(([name, key, points]) => recordFailure(name, key, points, WINDOW_SEC)));
      throw err;
    });
    return { message: result.wasSet ? "密码已设置，其他设备上的登录已退出" : "密码已修改，其他设备上的登录已退出" };
  },
);
