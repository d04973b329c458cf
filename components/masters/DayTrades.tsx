import Link from "@/components/ui/Link";
import { DemoBadge, DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { Panel } from "@/components/statements/Panel";
import { ScrollTable } from "@/components/ui/ScrollTable";
import { TH } from "@/components/ui/table/DataTable";
import { Lines } from "@/components/ui/Lines";
import { displayCode } from "@/lib/domain/market/codes";
import { formatQuote, formatShares, formatYuan } from "@/lib/domain/statements/format";
import type { DayTrade } from "@/lib/domain/statements/views";
import { SIDE_CLASS, SIDE_LABEL } from "./tone";

export type DayTradeItem = DayTrade;

/** Every cell: padding, a rule below, no wrapping; a <small> is the cell's second, smaller line (方向 over 数量). */
const ROWS =
  "text-slate-900 [&_td]:border-b [&_td]:border-slate-100 [&_td]:px-2.5 [&_td]:py-2 [&_td]:leading-tight [&_td]:whitespace-nowrap " +
  "[&_a:hover]:text-brand [&_td:nth-child(2)_a]:font-medium [&_td:nth-child(2)_a:hover]:underline [&_td:first-child]:pl-3 [&_td:last-child]:pr-3 [&_small]:mt-0.5 [&_small]:block [&_small]:text-xs [&_small]:text-slate-500";

const marketOf = (t: DayTrade) => (t.exchange === "HK" ? "HK" : "A");

/** One day's fills across masters; each row opens the master's detail at that day and stock. */
export function DayTrades({ items }: { items: DayTradeItem[] }) {
  const demoRows = demoLabelling(items).rows;
  return (
    <Panel testId="day-trades" bodyClassName="p-0">
      <DemoSectionNote items={items} className="px-3 pt-2 sm:px-4" />
      {/* Two-line rows: every figure of a trade fits a 375 px phone. */}
      <ScrollTable label="当日成交" minWidth={320} stickyFirst={false}>
        <thead>
          <tr>
            <th scope="col" className={TH}><Lines>{["大神", "时间"]}</Lines></th>
            <th scope="col" className={TH}>股票</th>
            <th scope="col" className={TH}><Lines>{["方向", "数量"]}</Lines></th>
            <th scope="col" className={TH}><Lines align="right">{["价格", "金额"]}</Lines></th>
          </tr>
        </thead>
        {/* Up to 50 rows a page: the cells' styles are set once here, not on every cell, so each row stays a few hundred bytes. */}
        <tbody className={ROWS}>
          {items.map((t, i) => (
            <tr key={i}>
              <td>
                <Link prefetch={false} href={`/detail/${t.masterGuid}/${t.date}`}>{t.masterName}</Link>
                {demoRows && t.isDemo ? <> <DemoBadge /></> : null} <small>{t.time ?? "—"}</small>
              </td>
              <td>
                <Link prefetch={false} href={`/detail/${t.masterGuid}/${t.date}/${t.code}`}>{t.name || displayCode(t.code, marketOf(t))}</Link>{" "}
                <small>{displayCode(t.code, marketOf(t))}</small>
              </td>
              <td>
                <span className={SIDE_CLASS[t.side]}>{SIDE_LABEL[t.side]}</span> <small>{formatShares(t.quantity)}</small>
              </td>
              <td className="text-right">
                {formatQuote(t.price)} <small>{formatYuan(t.amount)}</small>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Panel>
  );
}
