import { cn } from "@/components/ui/cn";
import { formatRate, formatSignedYuan, formatYuan, formatYuanWan } from "@/lib/domain/statements/format";
import { Panel, ScrollTable, StockCell, TD, TH } from "./Panel";
import { pnlClass } from "./tone";
import type { PerStockRow } from "./types";

export interface PerStockTableProps {
  rows: PerStockRow[];
  hrefFor?: (row: PerStockRow) => string | null | undefined;
  title?: string;
}

/** P&L stock by stock: trips, win rate, P&L, fees, turnover (in the order given; the page sorts). */
export function PerStockTable({ rows, hrefFor, title = "个股盈亏" }: PerStockTableProps) {
  return (
    <Panel title={title} aside={`${rows.length} 只`} bodyClassName="p-0" testId="per-stock-table">
      {rows.length ? (
        <ScrollTable label={title} minWidth={560}>
          <thead>
            <tr>
              <th scope="col" className={cn(TH, "sticky left-0 z-10")}>股票</th>
              <th scope="col" className={cn(TH, "text-right")}>盈亏</th>
              <th scope="col" className={cn(TH, "text-right")}>交易次数</th>
              <th scope="col" className={cn(TH, "text-right")}>胜率</th>
              <th scope="col" className={cn(TH, "text-right")}>费用</th>
              <th scope="col" className={cn(TH, "text-right")}>成交额</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.code}>
                <th scope="row" className={cn(TD, "sticky left-0 z-10 bg-white font-normal")}>
                  <StockCell name={row.name} code={row.code} href={hrefFor?.(row)} />
                </th>
                <td className={cn(TD, "text-right font-medium", pnlClass(row.pnl))}>{formatSignedYuan(row.pnl)}</td>
                <td className={cn(TD, "text-right")}>{row.roundTrips}</td>
                <td className={cn(TD, "text-right")}>
                  {row.roundTrips ? formatRate(row.wins / row.roundTrips, 1) : "—"}
                </td>
                <td className={cn(TD, "text-right")}>{formatYuan(row.fees)}</td>
                <td className={cn(TD, "text-right")}>{formatYuanWan(row.turnover)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : (
        <p className="px-3 py-8 text-center text-sm text-slate-400">暂无交易</p>
      )}
    </Panel>
  );
}
