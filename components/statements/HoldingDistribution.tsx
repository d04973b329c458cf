import { cn } from "@/components/ui/cn";
import { formatSignedYuanWan } from "@/lib/domain/statements/format";
import { Panel } from "./Panel";
import { pnlClass } from "./tone";
import type { HoldingBucket } from "./types";

/** How long trips were held: one bar per bucket (width by count) with the bucket's P&L. No chart library. */
export function HoldingDistribution({ rows: buckets, title = "持股周期分布" }: { rows: HoldingBucket[]; title?: string }) {
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  const max = Math.max(0, ...buckets.map((b) => b.count));
  return (
    <Panel title={title} aside={total ? `共 ${total} 笔` : undefined} testId="holding-distribution">
      {total ? (
        <ul className="space-y-2.5">
          {buckets.map((b) => {
            const share = total ? b.count / total : 0;
            return (
              <li key={b.bucket} className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto] items-center gap-x-2 text-xs tabular-nums sm:grid-cols-[6rem_minmax(0,1fr)_auto] sm:text-sm">
                <span className="truncate text-slate-600">{b.bucket}</span>
                <span className="relative h-5 overflow-hidden rounded bg-slate-100" aria-hidden>
                  <span className="absolute inset-y-0 left-0 rounded bg-brand/70" style={{ width: `${max ? (b.count / max) * 100 : 0}%` }} />
                </span>
                <span className="flex min-w-[7.5rem] justify-end gap-2 text-right sm:min-w-[9rem]">
                  <span className="text-slate-700">
                    {b.count} 笔<span className="ml-1 text-slate-500">{Math.round(share * 100)}%</span>
                  </span>
                  <span className={cn("w-16 font-medium", pnlClass(b.pnl))}>{formatSignedYuanWan(b.pnl, 1, 0)}</span>
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="py-6 text-center text-sm text-slate-500">暂无已平仓的交易</p>
      )}
    </Panel>
  );
}
