import type { ReactNode } from "react";
import { Panel, StockCell } from "@/components/statements/Panel";
import { pnlClass } from "@/components/statements/tone";
import { cn } from "@/components/ui/cn";
import type { Column } from "@/components/ui/table/columns";
import { DataTable } from "@/components/ui/table/DataTable";
import type { StrategyPosition } from "@/lib/domain/quant/types";
import { formatPercent, formatQuote, formatShares, formatSignedYuan, formatSignedYuanWan, formatYuan, formatYuanWan } from "@/lib/domain/statements/format";
import { StrategyName, hasStrategyColumn, type StrategyRef } from "./strategy-ref";
import { returnClass } from "./tone";

export type PositionsTableRow = StrategyPosition & StrategyRef;

export interface PositionsTableProps {
  positions: PositionsTableRow[];
  title?: ReactNode;
  aside?: ReactNode;
  showStrategy?: boolean;
  stockHref?: (code: string) => string | null | undefined;
  emptyText?: string;
}

export interface PositionValue {
  marketValue: number | null;
  /** (price − cost) × quantity */
  unrealizedPnl: number | null;
  /** price ÷ cost − 1 */
  unrealizedPct: number | null;
}

/** Market value and unrealised P&L of a holding, when its price is known. */
export function positionValue(p: StrategyPosition): PositionValue {
  if (typeof p.price !== "number" || !Number.isFinite(p.price)) return { marketValue: null, unrealizedPnl: null, unrealizedPct: null };
  const marketValue = Math.round(p.price * p.quantity * 100) / 100;
  const costOk = Number.isFinite(p.cost) && p.cost > 0;
  return {
    marketValue,
    unrealizedPnl: costOk ? Math.round((p.price - p.cost) * p.quantity * 100) / 100 : null,
    unrealizedPct: costOk ? p.price / p.cost - 1 : null,
  };
}

/** Holdings: [strategy,] stock, shares, cost, price, market value and unrealised P&L (— while the price is unknown). */
export function PositionsTable({ positions, title = "持仓", aside, showStrategy, stockHref, emptyText = "当前空仓" }: PositionsTableProps) {
  const withStrategy = hasStrategyColumn(positions, showStrategy);
  const values = positions.map(positionValue);
  const priced = values.filter((v) => v.marketValue !== null);
  const total = priced.reduce((s, v) => s + (v.marketValue ?? 0), 0);
  const totalPnl = priced.reduce((s, v) => s + (v.unrealizedPnl ?? 0), 0);
  const dates = [...new Set(positions.map((p) => p.date))].sort();
  const label = typeof title === "string" ? title : "持仓";
  const summary = positions.length ? (
    <span className="tabular-nums">
      {dates.length === 1 ? `${dates[0]} · ` : ""}
      {priced.length ? (
        <>
          市值 {formatYuanWan(total)} · 浮盈 <span className={pnlClass(totalPnl)}>{formatSignedYuanWan(totalPnl)}</span>
          {priced.length < positions.length ? `（${positions.length - priced.length} 只缺现价未计）` : null}
        </>
      ) : (
        `${positions.length} 只`
      )}
    </span>
  ) : undefined;
  const columns: Column<PositionsTableRow>[] = [
    ...(withStrategy ? [{ header: "策略", cell: (p: PositionsTableRow) => <StrategyName name={p.strategyName} href={p.strategyHref} /> }] : []),
    { header: "股票", cell: (p) => <StockCell name={p.name} code={p.code} href={stockHref?.(p.code)} /> },
    { header: "数量", align: "right", cell: (p) => formatShares(p.quantity) },
    { header: "成本价", align: "right", cell: (p) => formatQuote(p.cost) },
    {
      header: "现价",
      align: "right",
      className: (_p, i) => (values[i]!.unrealizedPct === null ? undefined : returnClass(values[i]!.unrealizedPct)),
      cell: (p) => formatQuote(p.price),
    },
    { header: "市值", align: "right", cell: (_p, i) => formatYuan(values[i]!.marketValue) },
    { header: "浮动盈亏", align: "right", cell: (_p, i) => <UnrealizedPnl value={values[i]!} /> },
  ];
  return (
    <Panel title={title} aside={aside ?? summary} bodyClassName="p-0" testId="strategy-positions">
      <DataTable
        label={label}
        minWidth={600 + (withStrategy ? 110 : 0)}
        rows={positions}
        columns={columns}
        rowKey={(p, i) => `${p.strategyName ?? ""}-${p.date}-${p.code}-${i}`}
        empty={emptyText}
      />
    </Panel>
  );
}

/** The unrealised P&L over its return, or — while the price is unknown. */
function UnrealizedPnl({ value }: { value: PositionValue }) {
  if (value.unrealizedPnl === null) return <span className="text-slate-500">—</span>;
  return (
    <span className="flex flex-col items-end leading-tight">
      <span className={cn("font-medium", pnlClass(value.unrealizedPnl))}>{formatSignedYuan(value.unrealizedPnl)}</span>
      <span className={cn("text-[11px]", returnClass(value.unrealizedPct))}>{formatPercent(value.unrealizedPct)}</span>
    </span>
  );
}
