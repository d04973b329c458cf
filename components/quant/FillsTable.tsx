import type { ReactNode } from "react";
import { Panel, StockCell } from "@/components/statements/Panel";
import { cn } from "@/components/ui/cn";
import { Lines } from "@/components/ui/Lines";
import type { Column } from "@/components/ui/table/columns";
import { DataTable } from "@/components/ui/table/DataTable";
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

/** A strategy's fills in two-line rows: [strategy,] [date,] time | stock | 买入 red / 卖出 green over shares | price over amount. */
export function FillsTable({ fills, title = "成交记录", aside, showDate = false, showStrategy, stockHref, emptyText = "当日没有成交" }: FillsTableProps) {
  const withStrategy = hasStrategyColumn(fills, showStrategy);
  const label = typeof title === "string" ? title : "成交记录";
  const columns: Column<FillsTableRow>[] = [
    {
      key: "time",
      header: <Lines>{[withStrategy ? "策略" : null, showDate ? "日期" : null, "时间"]}</Lines>,
      cell: (f) => (
        <Lines>
          {[
            withStrategy ? <StrategyName key="strategy" name={f.strategyName} href={f.strategyHref} /> : null,
            showDate ? f.date : null,
            f.time ?? "—",
          ]}
        </Lines>
      ),
    },
    { header: "股票", cell: (f) => <StockCell name={f.name} code={f.code} href={stockHref?.(f.code)} /> },
    {
      key: "side",
      header: <Lines>{["方向", "数量"]}</Lines>,
      cell: (f) => (
        <Lines>
          {[<span key="side" className={cn("font-medium", f.side === "buy" ? "text-up" : "text-down-text")}>{f.side === "buy" ? "买入" : "卖出"}</span>, formatShares(f.quantity)]}
        </Lines>
      ),
    },
    { key: "price", header: <Lines align="right">{["价格", "金额"]}</Lines>, cell: (f) => <Lines align="right">{[formatQuote(f.price), formatYuan(f.amount)]}</Lines> },
  ];
  return (
    <Panel title={title} aside={aside ?? `${fills.length} 笔`} bodyClassName="p-0" testId="strategy-fills">
      {/* Two-line rows: every figure of a fill fits a 375 px phone. */}
      <DataTable
        label={label}
        minWidth={320}
        stickyFirst={false}
        rows={fills}
        columns={columns}
        rowKey={(f, i) => `${f.strategyName ?? ""}-${f.date}-${f.time ?? ""}-${f.code}-${f.side}-${i}`}
        empty={emptyText}
      />
    </Panel>
  );
}
