/** Pages that need a `token` cookie (SPEC §5), plus the admin area. Visitors are sent to `/?r=…`. */
export const LOGIN_GATED_PATHS = ["/user/invite", "/user/account", "/user/notif", "/user/invitation", "/user/unsubscribe", "/admin"];

export function isLoginGated(pathname: string): boolean {
  return LOGIN_GATED_PATHS.some((p) => pathname === p || pathname.startsWith(p + "/"));
}
