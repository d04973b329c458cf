import type { ReactNode } from "react";
import { Panel, ScrollTable, StockCell, TD, TH } from "@/components/statements/Panel";
import { pnlClass } from "@/components/statements/tone";
import { cn } from "@/components/ui/cn";
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
  return (
    <Panel title={title} aside={aside ?? summary} bodyClassName="p-0" testId="strategy-positions">
      {positions.length ? (
        <ScrollTable label={label} minWidth={600 + (withStrategy ? 110 : 0)}>
          <thead>
            <tr>
              {withStrategy ? <th scope="col" className={TH}>策略</th> : null}
              <th scope="col" className={TH}>股票</th>
              <th scope="col" className={cn(TH, "text-right")}>数量</th>
              <th scope="col" className={cn(TH, "text-right")}>成本价</th>
              <th scope="col" className={cn(TH, "text-right")}>现价</th>
              <th scope="col" className={cn(TH, "text-right")}>市值</th>
              <th scope="col" className={cn(TH, "text-right")}>浮动盈亏</th>
            </tr>
          </thead>
          <tbody>
            {positions.map((p, i) => {
              const v = values[i]!;
              return (
                <tr key={`${p.strategyName ?? ""}-${p.date}-${p.code}-${i}`}>
                  {withStrategy ? (
                    <td className={TD}>
                      <StrategyName name={p.strategyName} href={p.strategyHref} />
                    </td>
                  ) : null}
                  <td className={TD}>
                    <StockCell name={p.name} code={p.code} href={stockHref?.(p.code)} />
                  </td>
                  <td className={cn(TD, "text-right")}>{formatShares(p.quantity)}</td>
                  <td className={cn(TD, "text-right")}>{formatQuote(p.cost)}</td>
                  <td className={cn(TD, "text-right", v.unrealizedPct === null ? undefined : returnClass(v.unrealizedPct))}>{formatQuote(p.price)}</td>
                  <td className={cn(TD, "text-right")}>{formatYuan(v.marketValue)}</td>
                  <td className={cn(TD, "text-right")}>
                    {v.unrealizedPnl === null ? (
                      <span className="text-slate-400">—</span>
                    ) : (
                      <span className="flex flex-col items-end leading-tight">
                        <span className={cn("font-medium", pnlClass(v.unrealizedPnl))}>{formatSignedYuan(v.unrealizedPnl)}</span>
                        <span className={cn("text-[11px]", returnClass(v.unrealizedPct))}>{formatPercent(v.unrealizedPct)}</span>
                      </span>
                    )}
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
