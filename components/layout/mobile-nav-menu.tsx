"use client";

import { Menu } from "lucide-react";
import { usePathname } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import { cn } from "@/components/ui/cn";
import { floatingCard } from "@/components/ui/floating";
import { NAV_ITEMS } from "./nav";
import { NavLink } from "./NavLink";
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
        <DropdownMenu.Content {...floatingCard({ align: "start", className: "grid w-[min(calc(100vw-16px),360px)] grid-cols-2 gap-1 p-2" })}>
          {NAV_ITEMS.map((item) => (
            <DropdownMenu.Item key={item.href} asChild>
              <NavLink
                item={item}
                pathname={pathname}
                className="flex min-h-11 items-center rounded-lg px-3 text-[15px] outline-none data-[highlighted]:bg-slate-100"
                current="bg-brand-soft font-semibold text-brand"
                other="text-slate-800"
              />
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
