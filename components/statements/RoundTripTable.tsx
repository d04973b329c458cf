import { cn } from "@/components/ui/cn";
import { formatPercent, formatShares, formatSignedYuan, formatYuan } from "@/lib/domain/statements/format";
import { EstimatedMark, Panel, ScrollTable, StockCell, TD, TH } from "./Panel";
import { pnlClass } from "./tone";
import type { RoundTripJson } from "./types";

export interface RoundTripTableProps {
  trips: RoundTripJson[];
  /** the link of a trip's stock (e.g. the detail page at its open date), or none */
  hrefFor?: (trip: RoundTripJson) => string | null | undefined;
  title?: string;
  /** e.g. "仅显示前 50 笔" */
  note?: string;
  emptyText?: string;
}

/** Return on what was paid for it: pnl ÷ buy amount. */
function tripReturn(trip: RoundTripJson): number | null {
  return trip.closeDate && trip.buyAmount > 0 ? trip.pnl / trip.buyAmount : null;
}

/** Round trips: entry to exit, amounts, fees (估 when estimated), P&L; open positions are labelled 持仓中. */
export function RoundTripTable({ trips, hrefFor, title = "交易明细", note, emptyText = "暂无交易" }: RoundTripTableProps) {
  return (
    <Panel title={title} aside={note ?? `共 ${trips.length} 笔`} bodyClassName="p-0" testId="round-trip-table">
      {trips.length ? (
        <ScrollTable label={title} minWidth={760}>
          <thead>
            <tr>
              <th scope="col" className={cn(TH, "sticky left-0 z-10")}>股票</th>
              <th scope="col" className={cn(TH, "text-right")}>盈亏</th>
              <th scope="col" className={TH}>建仓</th>
              <th scope="col" className={TH}>清仓</th>
              <th scope="col" className={cn(TH, "text-right")}>持股</th>
              <th scope="col" className={cn(TH, "text-right")}>股数</th>
              <th scope="col" className={cn(TH, "text-right")}>买入金额</th>
              <th scope="col" className={cn(TH, "text-right")}>卖出金额</th>
              <th scope="col" className={cn(TH, "text-right")}>费用</th>
            </tr>
          </thead>
          <tbody>
            {trips.map((trip) => {
              const open = trip.closeDate === null;
              const ret = tripReturn(trip);
              return (
                <tr key={`${trip.code}-${trip.openDate}-${trip.closeDate ?? "open"}`} data-open={open ? "true" : undefined}>
                  <th scope="row" className={cn(TD, "sticky left-0 z-10 bg-white font-normal")}>
                    <StockCell name={trip.name} code={trip.code} href={hrefFor?.(trip)} />
                  </th>
                  <td className={cn(TD, "text-right")}>
                    {open ? (
                      <span
                        title="持仓未了结，清仓后计算盈亏"
                        className="inline-flex rounded bg-blue-50 px-1.5 py-0.5 text-[11px] font-medium text-brand"
                      >
                        持仓中
                      </span>
                    ) : (
                      <span className="flex flex-col items-end leading-tight">
                        <span className={cn("font-medium", pnlClass(trip.pnl))}>{formatSignedYuan(trip.pnl)}</span>
                        {ret === null ? null : <span className={cn("text-[11px]", pnlClass(trip.pnl))}>{formatPercent(ret)}</span>}
                      </span>
                    )}
                  </td>
                  <td className={TD}>{trip.openDate}</td>
                  <td className={TD}>{trip.closeDate ?? "—"}</td>
                  <td className={cn(TD, "text-right")}>{trip.holdingDays}天</td>
                  <td className={cn(TD, "text-right")}>{formatShares(trip.quantity)}</td>
                  <td className={cn(TD, "text-right")}>{formatYuan(trip.buyAmount)}</td>
                  <td className={cn(TD, "text-right")}>{trip.sellAmount > 0 ? formatYuan(trip.sellAmount) : "—"}</td>
                  <td className={cn(TD, "text-right")}>
                    {formatYuan(trip.fees)}
                    {trip.feesEstimated ? <EstimatedMark /> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      ) : (
        <p className="px-3 py-8 text-center text-sm text-slate-400">{emptyText}</p>
      )}
    </Panel>
  );
}
