import Link from "@/components/ui/Link";
import { StatusBadge } from "@/components/quant/StatusBadge";
import { formatMetric } from "@/lib/domain/quant/explain";
import { DemoBadge, DemoSectionNote } from "./DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";

export interface StrategyListItem {
  guid: string;
  name: string;
  author: string;
  style: string;
  status: "live" | "paper" | "backtest";
  startDate: string;
  isDemo: boolean;
  /** from the NAV series; absent or NaN when the strategy has no NAV yet */
  annualReturn?: number;
  maxDrawdown?: number;
  sharpe?: number;
  ranked?: boolean;
}

/** Strategy cards with their headline figures (no NAV, no number), each opening the strategy's page. */
export function StrategyList({ items }: { items: StrategyListItem[] }) {
  const demoRows = demoLabelling(items).rows;
  return (
    <>
      <DemoSectionNote items={items} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="strategy-cards">
        {items.map((s) => (
          <li key={s.guid}>
            <Link prefetch={false} href={`/quant?s=${s.guid}`} className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{s.name}</span>
                <StatusBadge status={s.status} />
                {demoRows && s.isDemo ? <DemoBadge /> : null}
              </div>
              <p className="mt-1 text-xs text-slate-500">{s.author} · {s.style} · 起始 {s.startDate}</p>
              {s.annualReturn !== undefined && Number.isFinite(s.annualReturn) ? (
                <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
                  {([["年化收益", "annualReturn", s.annualReturn], ["最大回撤", "maxDrawdown", s.maxDrawdown], ["夏普比率", "sharpe", s.sharpe]] as const).map(([label, key, value]) => (
                    <div key={key}>
                      <dt className="text-xs text-slate-500">{label}</dt>
                      <dd className={`mt-0.5 text-sm font-semibold tabular-nums ${key === "annualReturn" ? ((value ?? 0) >= 0 ? "text-red-600" : "text-down-text") : "text-slate-800"}`}>
                        {formatMetric(key, value ?? null)}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="mt-3 text-xs text-slate-500">暂无净值数据，暂不参与排名</p>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
