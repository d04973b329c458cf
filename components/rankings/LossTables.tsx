import Link from "@/components/ui/Link";
import { DemoBadge } from "@/components/content/DemoBadge";
import { toneClass } from "@/components/masters/tone";
import { Lines } from "@/components/ui/Lines";
import type { Column } from "@/components/ui/table/columns";
import { demoLabelling } from "@/lib/domain/demo-labels";
import { formatDays, formatPercent, formatQuote, formatShares, formatSignedYuan, formatYuan } from "@/lib/domain/statements/format";
import type { ClosedLoss, OpenLoss } from "@/lib/domain/statements/views";
import { FiguresPanel } from "./FiguresPanel";

type LossRow = ClosedLoss | OpenLoss;

/** The master, with 演示数据 on a demo row where the list mixes demo and real rows. */
function masterColumn<Row extends LossRow>(rows: readonly Row[]): Column<Row> {
  const demoRows = demoLabelling(rows).rows;
  return {
    header: "大神",
    cell: (t) => <span className="inline-flex flex-wrap items-center gap-1">{t.masterName}{demoRows && t.isDemo ? <DemoBadge /> : null}</span>,
  };
}

/** The stock over its code, linked to the master's trades of `day` in it. */
function stockColumn<Row extends LossRow>(day: (row: Row) => string): Column<Row> {
  return {
    header: "股票",
    cell: (t) => (
      <Link prefetch={false} className="hover:text-brand" href={`/detail/${t.masterGuid}/${day(t)}/${t.code}`}>
        <Lines>{[t.name, t.code]}</Lines>
      </Link>
    ),
  };
}

/** A loss over its ratio, both in the loss's tone. */
function LossFigure({ amount, ratio }: { amount: number; ratio: number }) {
  return (
    <Lines align="right">
      {[<span key="pnl" className="font-semibold">{formatSignedYuan(amount)}</span>, <span key="ratio" className={toneClass(amount)}>{formatPercent(ratio, { signed: true })}</span>]}
    </Lines>
  );
}

/** 当日止损: losing round trips closed on the day — master, stock, opened and held, loss and its ratio. */
export function ClosedLossTable({ rows }: { rows: ClosedLoss[] }) {
  const columns: Column<ClosedLoss>[] = [
    masterColumn(rows),
    stockColumn((t) => t.closeDate),
    { key: "held", header: <Lines>{["建仓", "持有"]}</Lines>, className: "text-slate-600", cell: (t) => <Lines>{[t.openDate, formatDays(t.holdingDays)]}</Lines> },
    {
      key: "loss",
      header: <Lines align="right">{["亏损", "亏损比例"]}</Lines>,
      className: (t) => toneClass(t.pnl),
      cell: (t) => <LossFigure amount={t.pnl} ratio={t.pnlRatio} />,
    },
  ];
  return <FiguresPanel testId="closed-losses" label="当日止损" rows={rows} demo={rows} columns={columns} rowKey={(t) => `${t.masterGuid}-${t.code}-${t.openDate}`} />;
}

/** 浮亏持仓: open positions down past the threshold — master, stock, opened and shares, cost and close, the loss. */
export function OpenLossTable({ rows }: { rows: OpenLoss[] }) {
  const columns: Column<OpenLoss>[] = [
    masterColumn(rows),
    stockColumn((t) => t.openDate),
    { key: "held", header: <Lines>{["建仓", "持股"]}</Lines>, className: "text-slate-600", cell: (t) => <Lines>{[t.openDate, formatShares(t.quantity)]}</Lines> },
    { key: "price", header: <Lines align="right">{["成本", "收盘价"]}</Lines>, cell: (t) => <Lines align="right">{[formatYuan(t.cost), formatQuote(t.close)]}</Lines> },
    {
      key: "loss",
      header: <Lines align="right">{["浮动盈亏", "比例"]}</Lines>,
      className: (t) => toneClass(t.unrealized),
      cell: (t) => <LossFigure amount={t.unrealized} ratio={t.ratio} />,
    },
  ];
  return <FiguresPanel testId="open-losses" label="浮亏持仓" rows={rows} demo={rows} columns={columns} rowKey={(t) => `${t.masterGuid}-${t.code}`} />;
}
