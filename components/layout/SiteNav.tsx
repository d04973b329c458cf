"use client";

import { Menu } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import { BASE_Z_INDEX } from "@/lib/domain/constants";
import { cn } from "@/components/ui/cn";
import { isNavItemActive, NAV_ITEMS } from "./nav";

/** The primary navigation as a row of links (large screens). */
export function DesktopNav({ className }: { className?: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="主导航" className={className}>
      <ul className="flex items-center gap-0.5">
        {NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-10 items-center rounded-md px-3 text-[15px] whitespace-nowrap transition-colors",
                  active ? "font-semibold text-brand" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The primary navigation collapsed into a menu button (phones and tablets). */
export function MobileNav({ className }: { className?: string }) {
  const pathname = usePathname();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="导航菜单"
        className={cn(
          "inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:bg-slate-100",
          className,
        )}
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
