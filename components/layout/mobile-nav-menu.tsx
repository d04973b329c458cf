"use client";

import { Menu } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import { BASE_Z_INDEX } from "@/lib/domain/constants";
import { cn } from "@/components/ui/cn";
import { isNavItemActive, NAV_ITEMS } from "./nav";
import { MOBILE_NAV_TRIGGER_CLASS } from "./nav-trigger";

/** The radix menu of MobileNav, loaded on first use. */
export function MobileNavMenu({ className, defaultOpen }: { className?: string; defaultOpen: boolean }) {
  const pathname = usePathname();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label="导航菜单"
        className={cn(MOBILE_NAV_TRIGGER_CLASS, className)}
      >
        <Menu aria-hidden="true" size={22} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          collisionPadding={8}
          style={{ zIndex: BASE_Z_INDEX }}
          className="grid w-[min(calc(100vw-16px),360px)] grid-cols-2 gap-1 rounded-xl border border-slate-200 bg-white p-2 shadow-xl outline-none"
        >
          {NAV_ITEMS.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <DropdownMenu.Item key={item.href} asChild>
                <Link
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex min-h-11 items-center rounded-lg px-3 text-[15px] outline-none data-[highlighted]:bg-slate-100",
                    active ? "bg-brand-soft font-semibold text-brand" : "text-slate-800",
                  )}
                >
                  {item.label}
                </Link>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
