/** The primary navigation of the site header. `match` lists the path prefixes that mark an item as current. */
export interface NavItem {
  label: string;
  href: string;
  match: readonly string[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "首页", href: "/", match: [] },
  { label: "大神交割单", href: "/god", match: ["/god", "/detail", "/analysis", "/list/god", "/test"] },
  { label: "排行榜", href: "/rank", match: ["/rank"] },
  { label: "亏损追踪", href: "/loss-tracker", match: ["/loss-tracker"] },
  { label: "量化策略", href: "/quant", match: ["/quant", "/list/quant"] },
  { label: "文章", href: "/info/case", match: ["/info/case", "/info/interpret", "/info/strategy", "/info/news", "/info/detail"] },
  { label: "视频", href: "/info/video", match: ["/info/video"] },
  { label: "会员", href: "/price", match: ["/price", "/pay"] },
];

/** True when `pathname` belongs to the item (`/` only matches itself). */
export function isNavItemActive(item: NavItem, pathname: string | null | undefined): boolean {
  if (!pathname) return false;
  if (item.href === "/") return pathname === "/";
  return item.match.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The phone's bottom tab bar (below md): 首页 / 大神 / 排行 / 策略 / 我的. 我的 is the member's account page (with
 * upload, subscription and the rest one tap away); a visitor's 我的 opens the login dialog instead (TabBar).
 */
export const TAB_ITEMS: readonly NavItem[] = [
  { label: "首页", href: "/", match: [] },
  { label: "大神", href: "/god", match: ["/god", "/detail", "/analysis", "/list/god", "/test"] },
  { label: "排行", href: "/rank", match: ["/rank", "/loss-tracker"] },
  { label: "策略", href: "/quant", match: ["/quant", "/list/quant"] },
  {
    label: "我的",
    href: "/user/account",
    match: ["/user/account", "/user/subscription", "/user/invite", "/user/notif", "/user/invitation", "/user/unsubscribe", "/user/password", "/upload"],
  },
];
