import Link from "@/components/ui/Link";
import type { ReactNode } from "react";
import { DemoBadge, DemoSectionNote } from "@/components/content/DemoBadge";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { Panel } from "@/components/statements/Panel";
import { ScrollTable } from "@/components/ui/ScrollTable";
import { NoRows, TD, TH } from "@/components/ui/table/DataTable";
import { returnClass } from "./tone";
import { cn } from "@/components/ui/cn";
import { formatMetric, type MetricKey } from "@/lib/domain/quant/explain";
import { formatNumber, looseNumber } from "@/lib/domain/statements/format";
import { StatusBadge } from "./StatusBadge";
import type { SortDir, StrategySortKey, StrategyTableRow } from "./strategy-rows";

export type { SortDir, StrategySortKey, StrategyTableRow } from "./strategy-rows";

export interface StrategyTableProps {
  /** in display order (see sortStrategyRows); unranked rows are shown below the ranked ones whatever their place */
  rows: StrategyTableRow[];
  /** the active sort column and direction (marked with aria-sort) */
  sort?: StrategySortKey | null;
  dir?: SortDir;
  /** URL of the list sorted by a column (the page decides the direction, e.g. toggling the active one) */
  sortHref: (key: StrategySortKey) => string;
  hrefFor: (guid: string) => string;
  title?: ReactNode;
  aside?: ReactNode;
  /** the minimum record to be ranked, for the note above the unranked rows */
  minPeriods?: number;
  emptyText?: string;
}

interface Column {
  key: StrategySortKey;
  label: string;
  hint: string;
}

const COLUMNS: Column[] = [
  { key: "annualReturn", label: "年化收益", hint: "把累计收益折算成平均每年的收益" },
  { key: "maxDrawdown", label: "最大回撤", hint: "净值从最高点到之后最低点的最大跌幅" },
  { key: "sharpe", label: "夏普", hint: "夏普比率：每承担一份波动换来多少收益" },
  { key: "dailyWinRate", label: "日胜率", hint: "上涨的交易日占全部交易日的比例" },
  { key: "startDate", label: "起始日", hint: "策略开始运行（或回测开始）的日期" },
  { key: "periods", label: "交易日", hint: "有净值记录的交易日数" },
];

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

function SortHeader({ column, active, dir, href }: { column: Column; active: boolean; dir: SortDir; href: string }) {
  return (
    <th scope="col" aria-sort={active ? ARIA_SORT[dir] : undefined} title={column.hint} className={cn(TH, "text-right")}>
      <Link
        href={href}
        scroll={false}
        className={cn(
          "inline-flex min-h-6 items-center justify-end gap-0.5 rounded hover:text-brand focus-visible:outline-2 focus-visible:outline-brand",
          active ? "font-semibold text-slate-900" : undefined,
        )}
      >
        {column.label}
        <span aria-hidden className={cn("w-2.5 text-[10px]", active ? "text-brand" : "text-slate-300")}>
          {active ? (dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    </th>
  );
}

function Figure({ metric, value, muted }: { metric: MetricKey; value: StrategyTableRow["annualReturn"]; muted: boolean }) {
  const n = looseNumber(value);
  const tone = metric === "annualReturn" || metric === "maxDrawdown" ? returnClass(n) : undefined;
  return <td className={cn(TD, "text-right", muted ? "text-slate-500" : tone, metric === "annualReturn" && !muted ? "font-semibold" : undefined)}>{formatMetric(metric, value)}</td>;
}

function Row({ row, rank, href, demoRow }: { row: StrategyTableRow; rank: number | null; href: string; demoRow: boolean }) {
  const muted = rank === null;
  return (
    <tr data-guid={row.guid} data-ranked={row.ranked ? "true" : "false"} className="group hover:bg-slate-50">
      <th
        scope="row"
        className={cn(TD, "sticky left-0 z-[1] max-w-44 bg-white text-left font-normal whitespace-normal shadow-[1px_0_0_#f1f5f9] group-hover:bg-slate-50 sm:max-w-64")}
      >
        <div className="flex items-start gap-2">
          {rank === null ? (
            <span title="记录太短，暂不参与排名" className="mt-0.5 shrink-0 rounded bg-slate-100 px-1 text-[10px] leading-4 text-slate-500">记录不足</span>
          ) : (
            <span className={cn("mt-px w-5 shrink-0 text-center text-xs font-semibold tabular-nums", rank <= 3 ? "text-up" : "text-slate-500")}>
              <span className="sr-only">第</span>
              {rank}
              <span className="sr-only">名</span>
            </span>
          )}
          <span className="min-w-0">
            <Link prefetch={false} href={href} className="font-medium break-words text-slate-900 hover:text-brand hover:underline">
              {row.name}
            </Link>
            <span className="mt-0.5 flex flex-wrap items-center gap-1 text-[11px] text-slate-500">
              <StatusBadge status={row.status} />
              {demoRow && row.isDemo ? <DemoBadge /> : null}
              <span className="truncate">{row.author}</span>
            </span>
          </span>
        </div>
      </th>
      <Figure metric="annualReturn" value={row.annualReturn} muted={muted} />
      <Figure metric="maxDrawdown" value={row.maxDrawdown} muted={muted} />
      <Figure metric="sharpe" value={row.sharpe} muted={muted} />
      <Figure metric="dailyWinRate" value={row.dailyWinRate} muted={muted} />
      <td className={cn(TD, "text-right text-slate-500")}>{row.startDate}</td>
      <td className={cn(TD, "text-right", muted ? "text-slate-500" : "text-slate-500")}>{formatNumber(row.periods, 0)}</td>
    </tr>
  );
}

/**
 * The strategy list: rank, name with 实盘/模拟盘/回测 and 演示数据 badges, annual return, max drawdown, Sharpe, daily win
 * rate, start date and record length. Column headers are links that sort (aria-sort marks the active one). Strategies
 * whose record is too short sit below the ranked ones under a note, marked 记录不足 instead of a rank.
 */
export function StrategyTable({ rows, sort, dir = "desc", sortHref, hrefFor, title = "量化策略", aside, minPeriods = 20, emptyText = "暂无策略" }: StrategyTableProps) {
  const ranked = rows.filter((r) => r.ranked);
  const unranked = rows.filter((r) => !r.ranked);
  const demoRow = demoLabelling(rows).rows;
  return (
    <Panel title={title} aside={aside ?? `${rows.length} 个策略`} bodyClassName="p-0" testId="strategy-table">
      <DemoSectionNote items={rows} className="px-3 pt-2 sm:px-4" />
      {rows.length ? (
        <ScrollTable label={typeof title === "string" ? title : "量化策略"} minWidth={660}>
          <thead>
            <tr>
              <th scope="col" className={cn(TH, "sticky left-0 z-[1] shadow-[1px_0_0_#e2e8f0]")}>
                策略
              </th>
              {COLUMNS.map((c) => (
                <SortHeader key={c.key} column={c} active={sort === c.key} dir={dir} href={sortHref(c.key)} />
              ))}
            </tr>
          </thead>
          {ranked.length ? (
            <tbody>
              {ranked.map((r, i) => (
                <Row key={r.guid} row={r} rank={i + 1} href={hrefFor(r.guid)} demoRow={demoRow} />
              ))}
            </tbody>
          ) : null}
          {unranked.length ? (
            <tbody data-testid="unranked-rows">
              <tr>
                <td colSpan={COLUMNS.length + 1} className="border-b border-slate-100 bg-amber-50/60 px-3 py-1.5 text-[11px] text-amber-800">
                  <span className="sticky left-3 inline-block">以下记录不足 {minPeriods} 个交易日，暂不排名，数字仅供参考</span>
                </td>
              </tr>
              {unranked.map((r) => (
                <Row key={r.guid} row={r} rank={null} href={hrefFor(r.guid)} demoRow={demoRow} />
              ))}
            </tbody>
          ) : null}
        </ScrollTable>
      ) : (
        <NoRows>{emptyText}</NoRows>
      )}
    </Panel>
  );
}
