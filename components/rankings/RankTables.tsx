import Link from "@/components/ui/Link";
import { DemoBadge } from "@/components/content/DemoBadge";
import { toneClass } from "@/components/masters/tone";
import { Lines } from "@/components/ui/Lines";
import type { Column } from "@/components/ui/table/columns";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { formatSignedYuan, formatYuanWan } from "@/lib/domain/statements/format";
import type { MasterRankRow, StockRankRow } from "@/lib/domain/statements/views";
import { FiguresPanel } from "./FiguresPanel";

const PLACE: Column<{ rank: number }> = { header: "名次", className: "font-semibold tabular-nums text-slate-700", cell: (r) => r.rank };

/** 盈利榜 / 亏损榜: place, master, realised P&L over closed trips, and the best trip of the day linked to its K-line. */
export function MasterRankTable({ rows, day }: { rows: MasterRankRow[]; day: string }) {
  const demoRows = demoLabelling(rows).rows;
  const columns: Column<MasterRankRow>[] = [
    PLACE,
    {
      header: "大神",
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <Link prefetch={false} className="font-medium text-slate-900 hover:text-brand" href={`/detail/${r.masterGuid}`}>{r.masterName}</Link>
          {demoRows && r.isDemo ? <DemoBadge /> : null}
        </span>
      ),
    },
    {
      key: "pnl",
      header: <Lines align="right">{["已实现盈亏", "平仓笔数"]}</Lines>,
      cell: (r) => (
        <Lines align="right">
          {[<span key="pnl" className={`font-semibold ${toneClass(r.pnl)}`}>{formatSignedYuan(r.pnl)}</span>, `${r.trips}（胜 ${r.wins}）`]}
        </Lines>
      ),
    },
    {
      header: "代表交易",
      cell: (r) =>
        r.best ? (
          <Link prefetch={false} className="hover:text-brand" href={`/detail/${r.masterGuid}/${day}/${r.best.code}`}>
            <Lines>{[r.best.name, <span key="pnl" className={toneClass(r.best.pnl)}>{formatSignedYuan(r.best.pnl)}</span>]}</Lines>
          </Link>
        ) : "—",
    },
  ];
  return <FiguresPanel testId="rank-table" label="榜单" stickyFirst={false} rows={rows} demo={rows} columns={columns} rowKey={(r) => r.masterGuid} />;
}

/** 热门个股: place, stock, amount bought over the number of masters who bought it, and their names. */
export function StockRankTable({ rows }: { rows: StockRankRow[] }) {
  const columns: Column<StockRankRow>[] = [
    PLACE,
    { header: "股票", cell: (r) => <Lines>{[r.name, r.code]}</Lines> },
    { key: "amount", header: <Lines align="right">{["买入金额", "买入大神数"]}</Lines>, cell: (r) => <Lines align="right">{[formatYuanWan(r.buyAmount), `${r.masters} 位`]}</Lines> },
    {
      header: "大神",
      // names wrap: the list may be long, and nothing in it is a figure
      className: "min-w-24 whitespace-normal text-slate-600",
      cell: (r) => (
        <>
          {r.masterNames.join("、")}
          {r.moreMasters > 0 ? ` 等 ${r.masters} 位` : null}
        </>
      ),
    },
  ];
  return <FiguresPanel testId="rank-table" label="榜单" stickyFirst={false} rows={rows} columns={columns} rowKey={(r) => r.code} />;
}
