"use client";

import { ChartCandlestick, ChartLine, House, Trophy, UserRound, type LucideIcon } from "lucide-react";
import Link from "@/components/ui/Link";
import { usePathname } from "next/navigation";
import { useLoginState } from "@/components/dialogs/login-state";
import { cn } from "@/components/ui/cn";
import { isNavItemActive, TAB_ITEMS } from "./nav";

const ICONS: Record<string, LucideIcon> = { "/": House, "/god": ChartCandlestick, "/rank": Trophy, "/quant": ChartLine, "/user/account": UserRound };

const itemClass =
  "flex h-14 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] leading-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand";

/**
 * The phones' bottom tab bar (hidden from md up): fixed, above the home indicator (safe-area padding), the current
 * section marked. 我的 goes to the account page, or opens the login dialog for a visitor.
 */
export function TabBar({ loggedIn }: { loggedIn: boolean }) {
  const pathname = usePathname();
  const { openLogin } = useLoginState();
  return (
    <nav
      aria-label="底部导航"
      data-tab-bar=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-white/85 md:hidden"
    >
      <ul className="mx-auto flex max-w-lg">
        {TAB_ITEMS.map((item) => {
          const Icon = ICONS[item.href] ?? House;
          const active = isNavItemActive(item, pathname);
          const look = cn(itemClass, active ? "font-semibold text-brand" : "text-slate-500 hover:text-slate-800");
          const content = (
            <>
              <Icon aria-hidden="true" size={22} strokeWidth={active ? 2.25 : 1.75} />
              {item.label}
            </>
          );
          return (
            <li key={item.href} className="flex min-w-0 flex-1">
              {item.href === "/user/account" && !loggedIn ? (
                <button type="button" onClick={() => openLogin()} className={look}>
                  {content}
                </button>
              ) : (
                <Link href={item.href} aria-current={active ? "page" : undefined} className={look}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Keeps the end of the page above the tab bar (phones only; 3.5rem, the bar's height, as the risk bar's offset). */
export function TabBarSpacer() {
  return <div aria-hidden="true" className="h-[calc(3.5rem+env(safe-area-inset-bottom))] md:hidden" />;
}
