import Link from "next/link";
import { DemoBadge, DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { MasterAvatar } from "@/components/content/MasterList";
import { formatRate, formatSignedYuanWan } from "@/lib/domain/statements/format";
import type { MasterCard } from "@/lib/domain/statements/views";
import { toneClass } from "./tone";

export type MasterCardItem = MasterCard;

/** The masters with their headline figures: cumulative realised P&L, win rate, latest trade day and what was traded that day. */
export function MasterCards({ items }: { items: MasterCardItem[] }) {
  const demoRows = demoLabelling(items).rows;
  return (
    <>
      <DemoSectionNote items={items} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="master-cards">
        {items.map((m) => (
          <li key={m.guid}>
            <Link href={`/detail/${m.guid}`} className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300">
              <div className="flex gap-3">
                <MasterAvatar name={m.name} avatarUrl={m.avatarUrl} />
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{m.name}</span>
                    {demoRows && m.isDemo ? <DemoBadge /> : null}
                  </div>
                  <div className="mt-1 flex flex-wrap gap-1">
                    {m.styleTags.map((t) => (
                      <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{t}</span>
                    ))}
                  </div>
                </div>
              </div>
              {m.closedTrips > 0 ? (
                <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
                  <div>
                    <dt className="text-xs text-slate-500">累计已实现</dt>
                    <dd className={`mt-0.5 text-sm font-semibold tabular-nums ${toneClass(m.realizedPnl)}`}>{formatSignedYuanWan(m.realizedPnl)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">胜率</dt>
                    <dd className="mt-0.5 text-sm font-semibold tabular-nums text-slate-800">{m.winRate === null ? "—" : formatRate(m.winRate)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">最近交易</dt>
                    <dd className="mt-0.5 text-sm tabular-nums text-slate-800">{m.latestTradeDay?.slice(5) ?? "—"}</dd>
                  </div>
                </dl>
              ) : (
                <p className="mt-3 text-xs text-slate-400">{m.latestTradeDay ? `最近交易 ${m.latestTradeDay}，暂无已平仓交易` : "暂无已公开的交割单"}</p>
              )}
              {m.latestTradeDay && m.recentNames.length ? (
                <p className="mt-2 truncate text-xs text-slate-500" data-testid="recent-names">
                  <span className="tabular-nums">{m.latestTradeDay.slice(5)}</span> 买卖：{m.recentNames.join("、")}
                </p>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
