import Link from "@/components/ui/Link";
import type { ReactNode } from "react";

/** One link of a LinkTabs row; `current` marks the view shown (aria-current="page"). */
export interface LinkTab {
  key: string;
  href: string;
  label: ReactNode;
  current: boolean;
}

/** How the links look: brand pills (榜单, 分析视图, 文章分类), a dark segmented switch (日榜 / 周榜), small chips (筛选). */
const LOOKS = {
  pill: { link: "rounded-full px-4 py-2 text-sm", on: "bg-brand text-white", off: "border border-slate-200 bg-white text-slate-600" },
  segment: { link: "rounded-full px-3 py-1.5 text-sm", on: "bg-slate-900 text-white", off: "text-slate-600" },
  chip: { link: "rounded px-2.5 py-1", on: "bg-slate-900 text-white", off: "bg-slate-100 text-slate-600" },
} as const;

/** A row of links between the views of one page, as a named navigation landmark. */
export function LinkTabs({ label, items, look = "pill", scrolls = false, className }: {
  /** the landmark's accessible name (榜单, 周期, 筛选) */
  label: string;
  items: readonly LinkTab[];
  look?: keyof typeof LOOKS;
  /** one line that scrolls sideways on a phone: the links keep their width (else the row wraps) */
  scrolls?: boolean;
  /** the row's layout */
  className: string;
}) {
  const { link, on, off } = LOOKS[look];
  return (
    <nav aria-label={label} className={className}>
      {items.map((item) => (
        <Link key={item.key} href={item.href} aria-current={item.current ? "page" : undefined} className={`${scrolls ? "shrink-0 " : ""}${link} ${item.current ? on : off}`}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
