import type { ReactNode } from "react";
import { Panel } from "@/components/statements/Panel";
import { cn } from "@/components/ui/cn";
import { formatNumber, formatPercent } from "@/lib/domain/statements/format";
import { returnClass } from "./tone";

export interface ReplicabilityCardProps {
  /** buys (entries) on record */
  entries: number;
  /** of them, buys on a day the stock opened at its limit-up and stayed there (一字涨停) */
  limitUpEntries: number;
  /** average next-open price vs the entry price, as a fraction (0.012 = a follower pays 1.2% more); null when unknown */
  avgNextOpenGap: number | null;
  title?: ReactNode;
  className?: string;
}

export const REPLICABILITY_EXPLANATIONS = {
  limitUp: "策略买入当天股票一字涨停（开盘即封板、几乎没有成交），跟单者实际买不到，这类买入占全部买入的比例。",
  gap: "跟单者收到信号后通常只能在下一个交易日开盘买入，这是那时开盘价相对策略买入价的平均差距；为正说明跟单要多付钱。",
} as const;

function Item({ label, value, valueClass, sub, hint, testId }: { label: string; value: string; valueClass?: string; sub?: string; hint: string; testId: string }) {
  return (
    <div data-testid={testId} className="min-w-0 rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={cn("mt-1 text-lg leading-tight font-semibold tabular-nums", valueClass ?? "text-slate-900")}>{value}</dd>
      {sub ? <dd className="mt-0.5 text-xs text-slate-500 tabular-nums">{sub}</dd> : null}
      <dd className="mt-1 text-[11px] leading-4 text-slate-500">{hint}</dd>
    </div>
  );
}

/**
 * How much of the strategy a follower could actually copy: the share of its buys that could not be bought (一字涨停)
 * and the average T+1 next-open gap a follower would pay, each with a one-line explanation.
 */
export function ReplicabilityCard({ entries, limitUpEntries, avgNextOpenGap, title = "跟单可复制性", className }: ReplicabilityCardProps) {
  const hasEntries = Number.isFinite(entries) && entries > 0;
  const share = hasEntries ? Math.min(1, Math.max(0, limitUpEntries) / entries) : null;
  const gap = typeof avgNextOpenGap === "number" && Number.isFinite(avgNextOpenGap) ? avgNextOpenGap : null;
  return (
    <Panel title={title} className={className} testId="replicability-card">
      <dl className="grid gap-2 sm:grid-cols-2 sm:gap-3">
        <Item
          testId="replicability-limit-up"
          label="一字涨停买不进"
          value={formatPercent(share, { signed: false })}
          valueClass={share !== null && share > 0 ? "text-amber-700" : undefined}
          sub={hasEntries ? `${formatNumber(entries, 0)} 次买入中 ${formatNumber(limitUpEntries, 0)} 次` : "暂无买入记录"}
          hint={REPLICABILITY_EXPLANATIONS.limitUp}
        />
        <Item
          testId="replicability-gap"
          label="次日开盘平均价差"
          value={formatPercent(gap)}
          valueClass={gap === null ? "text-slate-500" : returnClass(gap)}
          sub={gap === null ? "数据不足" : gap > 0 ? "跟单平均多付" : gap < 0 ? "跟单平均少付" : undefined}
          hint={REPLICABILITY_EXPLANATIONS.gap}
        />
      </dl>
    </Panel>
  );
}
