"use client";

import { Menu } from "lucide-react";
import { useState } from "react";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { useLazyModule } from "@/components/ui/lazy-module";
import { NAV_ITEMS } from "./nav";
import { NavLink } from "./NavLink";
import { MOBILE_NAV_TRIGGER_CLASS } from "./nav-trigger";

const loadMenu = () => import("./mobile-nav-menu");

/** The primary navigation as a row of links (large screens). */
export function DesktopNav({ className }: { className?: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="主导航" className={className}>
      <ul className="flex items-center gap-0.5">
        {NAV_ITEMS.map((item) => (
          <li key={item.href}>
            <NavLink
              item={item}
              pathname={pathname}
              className="inline-flex min-h-10 items-center rounded-md px-3 text-[15px] whitespace-nowrap transition-colors"
              current="font-semibold text-brand"
              other="text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The primary navigation collapsed into a menu button (phones and tablets); the menu itself loads on first use. */
export function MobileNav({ className }: { className?: string }) {
  const [clicked, setClicked] = useState(false);
  const loaded = useLazyModule(loadMenu, clicked);
  if (loaded) return <loaded.MobileNavMenu className={className} defaultOpen={clicked} />;
  return (
    <button type="button" aria-label="导航菜单" aria-busy={clicked || undefined} onClick={() => setClicked(true)} className={cn(MOBILE_NAV_TRIGGER_CLASS, className)}>
      <Menu aria-hidden="true" size={22} />
    </button>
  );
}
