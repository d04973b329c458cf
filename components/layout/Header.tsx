import { HeaderSearch } from "@/components/search/HeaderSearch";
import type { UserInfo } from "@/lib/domain/user-info";
import { Logo } from "./Logo";
import { ShareButton } from "./ShareButton";
import { DesktopNav, MobileNav } from "./SiteNav";
import { UserMenu } from "./UserMenu";

export { Logo, LogoMark } from "./Logo";

export interface HeaderProps {
  viewer: UserInfo | null;
  unreadCount: number;
  isStaff: boolean;
  siteName?: string;
  /** Rendered for a members' access class (ADR 0067): the account corner reads whose page it is in the browser. */
  classOnly?: boolean;
}

/**
 * The site header: logo, primary navigation (a menu button below 1024 px), search and the user menu.
 * Server-safe (no hooks); it must render inside <SiteProviders>, whose login and share state the user menu uses.
 */
export function Header({ viewer, unreadCount, isStaff, siteName, classOnly = false }: HeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 sm:px-4">
        <MobileNav className="lg:hidden" />
        <Logo href="/" siteName={siteName} className="mr-2" />
        <DesktopNav className="hidden lg:block" />
        <div className="ml-auto flex items-center gap-1">
          <HeaderSearch />
          <ShareButton />
          <UserMenu viewer={viewer} unreadCount={unreadCount} isStaff={isStaff} classOnly={classOnly} />
        </div>
      </div>
    </header>
  );
}
