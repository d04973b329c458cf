import Link from "@/components/ui/Link";
import type { ReactNode } from "react";
import { Panel } from "@/components/statements/Panel";
import { cn } from "@/components/ui/cn";
import { NoRows } from "@/components/ui/table/DataTable";
import type { StrategySignal } from "@/lib/domain/quant/types";
import { formatPercent, formatQuote } from "@/lib/domain/statements/format";
import { StrategyName, hasStrategyColumn, stockLabel, type StrategyRef } from "./strategy-ref";

export type SignalListItem = StrategySignal & StrategyRef;

export interface SignalListProps {
  signals: SignalListItem[];
  title?: ReactNode;
  aside?: ReactNode;
  /** name the strategy of each signal (default: when any signal carries its strategy's name) */
  showStrategy?: boolean;
  stockHref?: (code: string) => string | null | undefined;
  emptyText?: string;
}

/**
 * Follow-trading signals, newest as given: 买入 (red) / 卖出 (green), stock, date and time, suggested price and
 * target weight when the strategy gives them, the note, and optionally the strategy's name.
 */
export function SignalList({ signals, title = "最新信号", aside, showStrategy, stockHref, emptyText = "暂无信号" }: SignalListProps) {
  const withStrategy = hasStrategyColumn(signals, showStrategy);
  return (
    <Panel title={title} aside={aside ?? (signals.length ? `${signals.length} 条` : undefined)} bodyClassName="p-0" testId="signal-list">
      {signals.length ? (
        <ol className="divide-y divide-slate-100">
          {signals.map((s) => {
            const buy = s.side === "buy";
            const href = stockHref?.(s.code);
            const stock = stockLabel(s.name, s.code);
            return (
              <li key={`${s.strategyName ?? ""}-${s.externalId}`} data-side={s.side} className="flex gap-2.5 px-3 py-2.5 sm:px-4">
                <span
                  className={cn(
                    "mt-0.5 inline-flex h-6 shrink-0 items-center rounded px-1.5 text-xs font-semibold",
                    buy ? "bg-red-50 text-up" : "bg-green-50 text-down-text",
                  )}
                >
                  {buy ? "买入" : "卖出"}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                    {href ? (
                      <Link prefetch={false} href={href} className="font-medium text-slate-900 hover:text-brand hover:underline">{stock}</Link>
                    ) : (
                      <span className="font-medium text-slate-900">{stock}</span>
                    )}
                    <time dateTime={s.time ? `${s.date}T${s.time}+08:00` : s.date} className="text-xs text-slate-500 tabular-nums">
                      {s.date}
                      {s.time ? ` ${s.time}` : ""}
                    </time>
                  </div>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500 tabular-nums">
                    {withStrategy ? (
                      <span>
                        策略 <StrategyName name={s.strategyName} href={s.strategyHref} />
                      </span>
                    ) : null}
                    {s.price !== null ? (
                      <span>
                        {buy ? "建议买价" : "建议卖价"} <span className="text-slate-700">{formatQuote(s.price)}</span>
                      </span>
                    ) : null}
                    {s.weight !== null ? (
                      <span>
                        目标仓位 <span className="text-slate-700">{formatPercent(s.weight, { signed: false })}</span>
                      </span>
                    ) : null}
                  </p>
                  {s.note ? <p className="mt-1 text-sm leading-relaxed break-words text-slate-600">{s.note}</p> : null}
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <NoRows>{emptyText}</NoRows>
      )}
    </Panel>
  );
}
