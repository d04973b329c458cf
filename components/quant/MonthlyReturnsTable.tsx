import { Panel } from "@/components/statements/Panel";
import { ScrollTable } from "@/components/ui/ScrollTable";
import { NoRows, TD, TH } from "@/components/ui/table/DataTable";
import { HeatScale } from "@/components/statements/HeatScale";
import { returnClass } from "./tone";
import { cn } from "@/components/ui/cn";
import { formatPercent } from "@/lib/domain/statements/format";
import type { NavPoint } from "@/lib/domain/quant/types";
import { monthlyReturnsFromNav, returnHeat, yearRows, type MonthlyReturn } from "./monthly-data";

export type { MonthlyReturn } from "./monthly-data";

export interface MonthlyReturnsTableProps {
  /** the months' returns; computed from `nav` when absent */
  months?: MonthlyReturn[];
  nav?: NavPoint[];
  title?: string;
  emptyText?: string;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

// Narrower than the shared TH / TD (cn does not merge conflicting utilities, so these are separate strings).
const MONTH_TH = "border-b border-slate-200 bg-slate-50 px-1 py-2 text-center font-medium text-slate-500";
const MONTH_TD = "border-b border-slate-100 px-0.5 py-1";

/** Years (newest first) × 12 months of returns, shaded red for gains and green for losses, with the year's total. */
export function MonthlyReturnsTable({ months, nav, title = "月度收益", emptyText = "暂无净值数据" }: MonthlyReturnsTableProps) {
  const rows = yearRows(months ?? monthlyReturnsFromNav(nav ?? []));
  const maxAbs = Math.max(0, ...rows.flatMap((r) => r.months.map((v) => (v === null ? 0 : Math.abs(v)))));
  return (
    <Panel title={title} aside={rows.length ? <HeatScale strong={0.8} zeroClassName="border border-slate-200 bg-slate-50" /> : undefined} bodyClassName="p-0" testId="monthly-returns">
      {rows.length ? (
        <ScrollTable label={title} minWidth={700}>
          <caption className="sr-only">{title}：每月收益率与全年收益率（按月复利）</caption>
          <thead>
            <tr>
              <th scope="col" className={cn(TH, "sticky left-0 z-[1] shadow-[1px_0_0_#e2e8f0]")}>年份</th>
              {MONTHS.map((m) => (
                <th key={m} scope="col" className={MONTH_TH}>{m}月</th>
              ))}
              <th scope="col" className={cn(TH, "text-right")}>全年</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.year} data-year={row.year}>
                <th scope="row" className={cn(TD, "sticky left-0 z-[1] bg-white font-medium text-slate-700 shadow-[1px_0_0_#f1f5f9]")}>{row.year}</th>
                {row.months.map((v, i) => {
                  if (v === null) return <td key={i} className={cn(MONTH_TD, "text-center text-slate-500")}>—</td>;
                  const heat = returnHeat(v, maxAbs);
                  return (
                    <td key={i} className={MONTH_TD}>
                      <span
                        data-month={`${row.year}-${String(i + 1).padStart(2, "0")}`}
                        className={cn("block rounded px-1 py-1 text-center text-[11px] sm:text-xs", heat.strong ? "font-medium text-white" : "text-slate-700")}
                        style={{ background: heat.background }}
                      >
                        {formatPercent(v, { decimals: 1 })}
                      </span>
                    </td>
                  );
                })}
                <td className={cn(TD, "text-right font-semibold", returnClass(row.total))}>{formatPercent(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : (
        <NoRows>{emptyText}</NoRows>
      )}
    </Panel>
  );
}
