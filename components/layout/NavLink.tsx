import Link from "@/components/ui/Link";
import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { isNavItemActive, type NavItem } from "./nav";

/**
 * A link of the primary navigation, marked aria-current="page" and drawn `current` while the page belongs to it.
 * Further props (a menu item's, through radix's asChild) pass to the link.
 */
export function NavLink({ item, pathname, className, current, other, ...rest }: Omit<ComponentProps<typeof Link>, "href" | "className"> & {
  item: NavItem;
  pathname: string | null;
  className: string;
  /** classes of the current page's link */
  current: string;
  /** classes of the others */
  other: string;
}) {
  const active = isNavItemActive(item, pathname);
  return (
    <Link {...rest} href={item.href} aria-current={active ? "page" : undefined} className={cn(className, active ? current : other)}>
      {item.label}
    </Link>
  );
}
