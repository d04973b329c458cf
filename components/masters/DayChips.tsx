"use client";

import Link from "@/components/ui/Link";
import { useMemo } from "react";
import { unpackDays } from "@/lib/domain/packed-days";

/**
 * A master's latest trading days as chips opening `{root}/{day}`. A client component so the page's payload carries
 * packDays(…) of the days (one value) instead of a link element with its classes and address per chip.
 */
export function DayChips({ root, days, current, label }: { root: string; days: string; current: string | null; label: string }) {
  const list = useMemo(() => unpackDays(days), [days]);
  return (
    <nav aria-label={label} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {list.map((d) => (
        <Link
          prefetch={false}
          key={d}
          href={`${root}/${d}`}
          aria-current={d === current ? "page" : undefined}
          className={`shrink-0 rounded-full px-3 py-1.5 text-sm tabular-nums ${d === current ? "bg-brand text-white" : "border border-slate-200 bg-white text-slate-600"}`}
        >
          {d.slice(5)}
        </Link>
      ))}
    </nav>
  );
}
