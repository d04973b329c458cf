import type { ReactNode } from "react";
import { Panel, ScrollTable, StockCell, TD, TH } from "@/components/statements/Panel";
import { cn } from "@/components/ui/cn";
import type { StrategyFill } from "@/lib/domain/quant/types";
import { formatQuote, formatShares, formatYuan } from "@/lib/domain/statements/format";
import { StrategyName, hasStrategyColumn, type StrategyRef } from "./strategy-ref";

export type FillsTableRow = StrategyFill & StrategyRef;

export interface FillsTableProps {
  fills: FillsTableRow[];
  title?: ReactNode;
  aside?: ReactNode;
  /** show the date column (fills of several days) */
  showDate?: boolean;
  /** show the strategy column (default: when any row names its strategy) */
  showStrategy?: boolean;
  /** link of a stock, e.g. its K-line */
  stockHref?: (code: string) => string | null | undefined;
  emptyText?: string;
}

/** A strategy's fills: [strategy,] [date,] time, stock, 买入 red / 卖出 green, shares, price, amount. */
export function FillsTable({ fills, title = "成交记录", aside, showDate = false, showStrategy, stockHref, emptyText = "当日没有成交" }: FillsTableProps) {
  const withStrategy = hasStrategyColumn(fills, showStrategy);
  const label = typeof title === "string" ? title : "成交记录";
  return (
    <Panel title={title} aside={aside ?? `${fills.length} 笔`} bodyClassName="p-0" testId="strategy-fills">
      {fills.length ? (
        <ScrollTable label={label} minWidth={520 + (showDate ? 90 : 0) + (withStrategy ? 110 : 0)}>
          <thead>
            <tr>
              {withStrategy ? <th scope="col" className={TH}>策略</th> : null}
              {showDate ? <th scope="col" className={TH}>日期</th> : null}
              <th scope="col" className={TH}>时间</th>
              <th scope="col" className={TH}>股票</th>
              <th scope="col" className={TH}>方向</th>
              <th scope="col" className={cn(TH, "text-right")}>数量</th>
              <th scope="col" className={cn(TH, "text-right")}>价格</th>
              <th scope="col" className={cn(TH, "text-right")}>金额</th>
            </tr>
          </thead>
          <tbody>
            {fills.map((f, i) => (
              <tr key={`${f.strategyName ?? ""}-${f.date}-${f.time ?? ""}-${f.code}-${f.side}-${i}`}>
                {withStrategy ? (
                  <td className={TD}>
                    <StrategyName name={f.strategyName} href={f.strategyHref} />
                  </td>
                ) : null}
                {showDate ? <td className={TD}>{f.date}</td> : null}
                <td className={cn(TD, "text-slate-500")}>{f.time ?? "—"}</td>
                <td className={TD}>
                  <StockCell name={f.name} code={f.code} href={stockHref?.(f.code)} />
                </td>
                <td className={TD}>
                  <span className={cn("font-medium", f.side === "buy" ? "text-up" : "text-down-text")}>{f.side === "buy" ? "买入" : "卖出"}</span>
                </td>
                <td className={cn(TD, "text-right")}>{formatShares(f.quantity)}</td>
                <td className={cn(TD, "text-right")}>{formatQuote(f.price)}</td>
                <td className={cn(TD, "text-right")}>{formatYuan(f.amount)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : (
        <p className="px-3 py-8 text-center text-sm text-slate-400">{emptyText}</p>
      )}
    </Panel>
  );
}
