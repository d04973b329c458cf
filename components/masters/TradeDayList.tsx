import Link from "next/link";
import { Lock } from "lucide-react";
import type { TradeDaySummary } from "@/lib/domain/statements/views";

export type TradeDayItem = TradeDaySummary;

/** Trading days of the masters, each linking to that day's trades on /god. */
export function TradeDayList({ items }: { items: TradeDayItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="trade-days">
      {items.map((d) => (
        <li key={d.day}>
          <Link href={`/god?date=${d.day}`} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50">
            <span className="font-medium tabular-nums text-slate-900">{d.day}</span>
            <span className="text-sm text-slate-600">
              {d.masters} 位大神 · {d.fills} 笔成交
              {d.locked ? (
                <span className="ml-2 inline-flex items-center gap-0.5 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-700"><Lock aria-hidden size={12} />VIP</span>
              ) : null}
            </span>
            <span className="w-full truncate text-xs text-slate-500">{d.names.join("、")}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
