import { DemoBadge } from "./DemoBadge";

export interface StrategyListItem {
  guid: string;
  name: string;
  author: string;
  style: string;
  description: string;
  status: "live" | "paper" | "backtest";
  startDate: string;
  isDemo: boolean;
}

export const STRATEGY_STATUS = { live: "实盘", paper: "模拟盘", backtest: "回测" } as const;

/** Strategies with their profile; figures appear once a NAV series exists (no NAV, no number). */
export function StrategyList({ items }: { items: StrategyListItem[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((s) => (
        <li key={s.guid} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{s.name}</span>
            <span className={`rounded px-1.5 py-0.5 text-xs ${s.status === "backtest" ? "bg-slate-100 text-slate-600" : "bg-blue-50 text-brand"}`}>
              {STRATEGY_STATUS[s.status]}
            </span>
            {s.isDemo ? <DemoBadge /> : null}
          </div>
          <p className="mt-1 text-xs text-slate-500">{s.author} · {s.style} · 起始 {s.startDate}</p>
          <p className="mt-2 text-sm text-slate-600">{s.description}</p>
          <p className="mt-2 text-xs text-slate-400">暂无净值数据，暂不参与排名</p>
        </li>
      ))}
    </ul>
  );
}
