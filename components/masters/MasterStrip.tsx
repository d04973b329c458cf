import Link from "@/components/ui/Link";
import { DemoBadge, DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { formatSignedYuanWan } from "@/lib/domain/statements/format";
import type { MasterCard } from "@/lib/domain/statements/views";
import { toneClass } from "./tone";

/** Every tile's styles, set once on the list (a tile is a few hundred bytes; the page holds 24 of them). */
const TILES =
  "grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 [&_li]:min-w-0 [&_a]:flex [&_a]:h-full [&_a]:flex-col [&_a]:rounded-lg " +
  "[&_a]:border [&_a]:border-slate-200 [&_a]:bg-white [&_a]:px-3 [&_a]:py-2 [&_a]:shadow-sm [&_a:hover]:border-blue-300 " +
  "[&_b]:truncate [&_b]:font-medium [&_b]:text-slate-900 [&_small]:mt-0.5 [&_small]:truncate [&_small]:text-xs [&_small]:text-slate-500";

/**
 * /god's most active masters, compact: name, cumulative realised P&L and latest trade day. The full cards (style
 * tags, win rate, what was traded) are the directory's (/list/god); /god keeps its size for the day's trades.
 */
export function MasterStrip({ items }: { items: MasterCard[] }) {
  const demoRows = demoLabelling(items).rows;
  return (
    <>
      <DemoSectionNote items={items} />
      <ul className={TILES} data-testid="master-cards">
        {items.map((m) => (
          <li key={m.guid}>
            <Link prefetch={false} href={`/detail/${m.guid}`}>
              <b>
                {m.name}
                {demoRows && m.isDemo ? <> <DemoBadge /></> : null}
              </b>
              {m.closedTrips > 0 ? (
                <small>
                  累计 <span className={`font-medium ${toneClass(m.realizedPnl)}`}>{formatSignedYuanWan(m.realizedPnl)}</span>
                </small>
              ) : null}
              <small>{m.latestTradeDay ? `最近交易 ${m.latestTradeDay.slice(5)}` : "暂无已公开交易"}</small>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
