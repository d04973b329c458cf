import Link from "@/components/ui/Link";
import { DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { MasterAvatar, MasterName } from "@/components/content/MasterList";
import { formatRate, formatSignedYuanWan } from "@/lib/domain/statements/format";
import type { MasterCard } from "@/lib/domain/statements/views";
import { toneClass } from "./tone";

export type MasterCardItem = MasterCard;

/** The three figures' styles, set once on the list rather than on every label and value (a page holds 24 cards). */
const FIGURES =
  "mt-3 grid grid-cols-3 gap-2 text-center text-slate-800 [&_dt]:text-xs [&_dt]:text-slate-500 [&_dd]:mt-0.5 [&_dd]:text-sm [&_dd]:tabular-nums";

/** The masters with their headline figures: cumulative realised P&L, win rate, latest trade day and what was traded that day. */
export function MasterCards({ items }: { items: MasterCardItem[] }) {
  const demoRows = demoLabelling(items).rows;
  return (
    <>
      <DemoSectionNote items={items} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="master-cards">
        {items.map((m) => (
          <li key={m.guid} className="min-w-0">
            <Link prefetch={false} href={`/detail/${m.guid}`} className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300">
              <div className="flex gap-3">
                <MasterAvatar name={m.name} avatarUrl={m.avatarUrl} />
                <div className="min-w-0">
                  <MasterName name={m.name} demo={demoRows && m.isDemo} />
                  <div className="mt-1 flex flex-wrap gap-1 [&>span]:rounded [&>span]:bg-slate-100 [&>span]:px-1.5 [&>span]:py-0.5 [&>span]:text-xs [&>span]:text-slate-600">
                    {m.styleTags.map((t) => (
                      <span key={t}>{t}</span>
                    ))}
                  </div>
                </div>
              </div>
              {m.closedTrips > 0 ? (
                <dl className={FIGURES}>
                  <div>
                    <dt>累计已实现</dt>
                    <dd className={`font-semibold ${toneClass(m.realizedPnl)}`}>{formatSignedYuanWan(m.realizedPnl)}</dd>
                  </div>
                  <div>
                    <dt>胜率</dt>
                    <dd className="font-semibold">{m.winRate === null ? "—" : formatRate(m.winRate)}</dd>
                  </div>
                  <div>
                    <dt>最近交易</dt>
                    <dd>{m.latestTradeDay?.slice(5) ?? "—"}</dd>
                  </div>
                </dl>
              ) : (
                <p className="mt-3 text-xs text-slate-500">{m.latestTradeDay ? `最近交易 ${m.latestTradeDay}，暂无已平仓交易` : "暂无已公开的交割单"}</p>
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
