import type { Column } from "@/components/ui/table/columns";
import { DataTable } from "@/components/ui/table/DataTable";
import { formatRate, formatSignedYuan, formatYuan, formatYuanWan } from "@/lib/domain/statements/format";
import { Panel, StockCell } from "./Panel";
import { pnlClass } from "./tone";
import type { PerStockRow } from "./types";

export interface PerStockTableProps {
  rows: PerStockRow[];
  hrefFor?: (row: PerStockRow) => string | null | undefined;
  title?: string;
}

/** P&L stock by stock: trips, win rate, P&L, fees, turnover (in the order given; the page sorts). */
export function PerStockTable({ rows, hrefFor, title = "个股盈亏" }: PerStockTableProps) {
  const columns: Column<PerStockRow>[] = [
    { header: "股票", rowHeader: true, cell: (row) => <StockCell name={row.name} code={row.code} href={hrefFor?.(row)} /> },
    { header: "盈亏", align: "right", className: (row) => `font-medium ${pnlClass(row.pnl)}`, cell: (row) => formatSignedYuan(row.pnl) },
    { header: "交易次数", align: "right", cell: (row) => row.roundTrips },
    { header: "胜率", align: "right", cell: (row) => (row.roundTrips ? formatRate(row.wins / row.roundTrips, 1) : "—") },
    { header: "费用", align: "right", cell: (row) => formatYuan(row.fees) },
    { header: "成交额", align: "right", cell: (row) => formatYuanWan(row.turnover) },
  ];
  return (
    <Panel title={title} aside={`${rows.length} 只`} bodyClassName="p-0" testId="per-stock-table">
      <DataTable label={title} minWidth={560} rows={rows} columns={columns} rowKey={(row) => row.code} empty="暂无交易" />
    </Panel>
  );
}
