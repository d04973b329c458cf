import Link from "next/link";
import { DemoBadge, DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { Panel, ScrollTable, StockCell, TD, TH } from "@/components/statements/Panel";
import { Lines } from "@/components/ui/Lines";
import { formatQuote, formatShares, formatYuan } from "@/lib/domain/statements/format";
import type { DayTrade } from "@/lib/domain/statements/views";
import { SIDE_CLASS, SIDE_LABEL } from "./tone";

export type DayTradeItem = DayTrade;

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
        <tbody>
          {items.map((t, i) => (
            <tr key={`${t.masterGuid}-${i}`}>
              <td className={TD}>
                <Lines>
                  {[
                    <span key="who" className="inline-flex flex-wrap items-center gap-1">
                      <Link className="text-slate-900 hover:text-brand" href={`/detail/${t.masterGuid}/${t.date}`}>{t.masterName}</Link>
                      {demoRows && t.isDemo ? <DemoBadge /> : null}
                    </span>,
                    t.time ?? "—",
                  ]}
                </Lines>
              </td>
              <td className={TD}><StockCell name={t.name} code={t.code} market={t.exchange === "HK" ? "HK" : "A"} href={`/detail/${t.masterGuid}/${t.date}/${t.code}`} /></td>
              <td className={TD}><Lines>{[<span key="side" className={SIDE_CLASS[t.side]}>{SIDE_LABEL[t.side]}</span>, formatShares(t.quantity)]}</Lines></td>
              <td className={TD}><Lines align="right">{[formatQuote(t.price), formatYuan(t.amount)]}</Lines></td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Panel>
  );
}
