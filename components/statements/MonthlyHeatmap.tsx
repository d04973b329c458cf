import { cn } from "@/components/ui/cn";
import { formatRate, formatSignedYuan, formatSignedYuanWan, pnlTone } from "@/lib/domain/statements/format";
import { ScrollTable } from "@/components/ui/ScrollTable";
import { TD, TH } from "@/components/ui/table/DataTable";
import { HeatScale } from "./HeatScale";
import { Panel } from "./Panel";
import { pnlClass } from "./tone";
import type { MonthlyRow } from "./types";

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

/** Background of a month: red for a gain, green for a loss, stronger with |pnl| (at least a faint tint). */
export function heatColor(pnl: number, maxAbs: number): { background: string; strong: boolean } {
  const tone = pnlTone(pnl);
  if (tone === "flat" || !(maxAbs > 0)) return { background: "#f1f5f9", strong: false };
  // sqrt: one huge month should not wash every other month out
  const alpha = 0.15 + 0.75 * Math.sqrt(Math.min(1, Math.abs(pnl) / maxAbs));
  const rgb = tone === "up" ? "224, 40, 46" : "22, 163, 74";
  return { background: `rgba(${rgb}, ${alpha.toFixed(2)})`, strong: alpha >= 0.55 };
}

/** Years (newest first) × 12 months coloured by P&L, with the same figures as a table below. */
export function MonthlyHeatmap({ rows: months, title = "月度盈亏", showTable = true }: { rows: MonthlyRow[]; title?: string; showTable?: boolean }) {
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const years = [...new Set(months.map((m) => m.month.slice(0, 4)))].sort().reverse();
  const maxAbs = Math.max(0, ...months.map((m) => (Number.isFinite(m.pnl) ? Math.abs(m.pnl) : 0)));
  const rows = [...months].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));

  if (!months.length) {
    return (
      <Panel title={title} testId="monthly-heatmap">
        <p className="py-6 text-center text-sm text-slate-500">暂无已平仓的交易</p>
      </Panel>
    );
  }

  return (
    <Panel
      title={title}
      testId="monthly-heatmap"
      aside={<HeatScale strong={0.85} zeroClassName="bg-slate-100" />}
      bodyClassName="p-0"
    >
      {/* The grid is a picture of the table below (aria-hidden); each cell's title carries its figures on hover. */}
      <div aria-hidden className="p-3 sm:p-4">
        <div className="grid grid-cols-[3rem_repeat(12,minmax(0,1fr))] gap-0.5 text-[10px] text-slate-500 sm:grid-cols-[4.5rem_repeat(12,minmax(0,1fr))] sm:gap-1 sm:text-xs">
          <span />
          {MONTHS.map((m) => (
            <span key={m} className="text-center">{Number(m)}</span>
          ))}
          {years.map((year) => {
            const total = MONTHS.reduce((sum, m) => sum + (byMonth.get(`${year}-${m}`)?.pnl ?? 0), 0);
            return [
              <span key={`${year}-label`} className="flex flex-col justify-center leading-tight">
                <span className="font-medium text-slate-700">{year}</span>
                <span className={cn("truncate tabular-nums", pnlClass(total))}>{formatSignedYuanWan(total, 1, 0)}</span>
              </span>,
              ...MONTHS.map((m) => {
                const row = byMonth.get(`${year}-${m}`);
                if (!row) return <span key={`${year}-${m}`} className="aspect-square rounded-sm bg-slate-50 sm:aspect-[4/3]" />;
                const color = heatColor(row.pnl, maxAbs);
                return (
                  <span
                    key={`${year}-${m}`}
                    data-month={row.month}
                    title={`${row.month}：${formatSignedYuan(row.pnl)}，${row.roundTrips} 笔，胜 ${row.wins}`}
                    className={cn(
                      "flex aspect-square items-center justify-center overflow-hidden rounded-sm tabular-nums sm:aspect-[4/3]",
                      color.strong ? "text-white" : "text-slate-700",
                    )}
                    style={{ background: color.background }}
                  >
                    <span className="hidden lg:inline">{formatSignedYuanWan(row.pnl, 1, 0).replace("¥", "")}</span>
                  </span>
                );
              }),
            ];
          })}
        </div>
      </div>
      {showTable ? (
        <div className="border-t border-slate-100">
          <ScrollTable label={`${title}明细`} minWidth={300}>
            <caption className="sr-only">{title}明细</caption>
            <thead>
              <tr>
                <th scope="col" className={TH}>月份</th>
                <th scope="col" className={cn(TH, "text-right")}>盈亏</th>
                <th scope="col" className={cn(TH, "text-right")}>平仓笔数</th>
                <th scope="col" className={cn(TH, "text-right")}>胜率</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.month}>
                  <th scope="row" className={cn(TD, "font-normal")}>{row.month}</th>
                  <td className={cn(TD, "text-right font-medium", pnlClass(row.pnl))}>{formatSignedYuan(row.pnl)}</td>
                  <td className={cn(TD, "text-right")}>{row.roundTrips}</td>
                  <td className={cn(TD, "text-right")}>
                    {row.roundTrips ? formatRate(row.wins / row.roundTrips, 1) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </div>
      ) : null}
    </Panel>
  );
}
