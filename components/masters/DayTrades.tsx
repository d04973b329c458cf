import Link from "next/link";
import { DemoBadge } from "@/components/content/DemoBadge";
import { Panel, ScrollTable, StockCell, TD, TH } from "@/components/statements/Panel";
import { formatQuote, formatShares, formatYuan } from "@/lib/domain/statements/format";
import type { DayTrade } from "@/lib/domain/statements/views";
import { SIDE_CLASS, SIDE_LABEL } from "./tone";

export type DayTradeItem = DayTrade;

/** One day's fills across masters; each row opens the master's detail at that day and stock. */
export function DayTrades({ items }: { items: DayTradeItem[] }) {
  return (
    <Panel testId="day-trades" bodyClassName="p-0">
      <ScrollTable label="当日成交" minWidth={560}>
        <thead>
          <tr>
            <th className={TH}>大神</th>
            <th className={TH}>时间</th>
            <th className={TH}>股票</th>
            <th className={TH}>方向</th>
            <th className={`${TH} text-right`}>数量</th>
            <th className={`${TH} text-right`}>价格</th>
            <th className={`${TH} text-right`}>金额</th>
          </tr>
        </thead>
        <tbody>
          {items.map((t, i) => (
            <tr key={`${t.masterGuid}-${i}`}>
              <td className={TD}>
                <span className="inline-flex items-center gap-1">
                  <Link className="text-slate-900 hover:text-brand" href={`/detail/${t.masterGuid}/${t.date}`}>{t.masterName}</Link>
                  {t.isDemo ? <DemoBadge /> : null}
                </span>
              </td>
              <td className={`${TD} text-slate-500`}>{t.time ?? "—"}</td>
              <td className={TD}><StockCell name={t.name} code={t.code} market={t.exchange === "HK" ? "HK" : "A"} href={`/detail/${t.masterGuid}/${t.date}/${t.code}`} /></td>
              <td className={`${TD} ${SIDE_CLASS[t.side]}`}>{SIDE_LABEL[t.side]}</td>
              <td className={`${TD} text-right`}>{formatShares(t.quantity)}</td>
              <td className={`${TD} text-right`}>{formatQuote(t.price)}</td>
              <td className={`${TD} text-right`}>{formatYuan(t.amount)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Panel>
  );
}
