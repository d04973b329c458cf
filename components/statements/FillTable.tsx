import { cn } from "@/components/ui/cn";
import { Lines } from "@/components/ui/Lines";
import type { Column } from "@/components/ui/table/columns";
import { DataTable } from "@/components/ui/table/DataTable";
import type { FillFees } from "@/lib/domain/statements/types";
import { formatNumber, formatQuote, formatYuan } from "@/lib/domain/statements/format";
import { formatMoney } from "./money";
import { FeeBasisMark, FeeBasisNote, Panel, StockCell, feeMarkOf } from "./Panel";
import type { FillRow } from "./types";

export function totalFees(fees: FillFees | number | null): number | null {
  if (fees === null) return null;
  if (typeof fees === "number") return fees;
  return Math.round((fees.commission + fees.stampDuty + fees.transferFee + fees.other) * 100) / 100;
}

function feeBreakdown(fees: FillFees | number | null): string | undefined {
  if (fees === null || typeof fees === "number") return undefined;
  return `佣金 ${formatYuan(fees.commission)} · 印花税 ${formatYuan(fees.stampDuty)} · 过户费 ${formatYuan(fees.transferFee)} · 其他 ${formatYuan(fees.other)}`;
}

export interface FillTableProps {
  fills: FillRow[];
  hrefFor?: (fill: FillRow) => string | null | undefined;
  title?: string;
  /** show the date column (for fills of several days) */
  showDate?: boolean;
  emptyText?: string;
}

/**
 * A day's fills in two-line rows: time, stock, 买入 red / 卖出 green over shares, price over amount, fees (推算 when derived from the net cash,
 * 估 when estimated; a footnote explains the marks).
 */
export function FillTable({ fills, hrefFor, title = "当日成交", showDate = false, emptyText = "当日没有成交" }: FillTableProps) {
  const marks = fills.map(feeMarkOf);
  const columns: Column<FillRow>[] = [
    { key: "time", header: <Lines>{[showDate ? "日期" : null, "时间"]}</Lines>, className: "text-slate-500", cell: (f) => <Lines>{[showDate ? f.date : null, f.time ?? "—"]}</Lines> },
    {
      header: "股票",
      cell: (f) => (
        <>
          <StockCell name={f.name} code={f.code} market={f.market ?? (f.exchange === "HK" ? "HK" : undefined)} href={hrefFor?.(f)} />
          {f.play ? (
            // as narrow as the name above it: a wider line would push 价格 and 金额 off a phone's screen
            <p className="mt-0.5 max-w-[5.5em] whitespace-normal text-[11px] leading-snug text-slate-700" data-testid="fill-play" title={f.play.caveat ?? undefined}>
              <span className="sr-only">打法：</span>
              {f.play.text}
              {f.play.caveat ? <span className="sr-only">（{f.play.caveat}）</span> : null}
            </p>
          ) : null}
          {f.auditFailures?.length ? (
            <p className="mt-0.5 max-w-56 whitespace-normal text-[11px] leading-snug text-red-700" data-testid="fill-audit">
              体检未通过：{f.auditFailures.map((a) => a.message).join("；")}
            </p>
          ) : null}
        </>
      ),
    },
    {
      key: "side",
      header: <Lines>{["方向", "数量"]}</Lines>,
      cell: (f) => (
        <Lines>
          {[
            <span key="side">
              <span className={cn("font-medium", f.side === "buy" ? "text-up" : "text-down-text")}>
                {f.side === "buy" ? "买入" : "卖出"}
              </span>
              {f.kind === "ipo" ? <span className="ml-1 text-[11px] text-slate-500">新股</span> : null}
            </span>,
            `${formatNumber(f.quantity, 0)}股`,
          ]}
        </Lines>
      ),
    },
    { key: "price", header: <Lines align="right">{["价格", "金额"]}</Lines>, cell: (f) => <Lines align="right">{[formatQuote(f.price), formatMoney(f.amount, f.currency)]}</Lines> },
    {
      header: "费用",
      align: "right",
      title: (f) => feeBreakdown(f.fees),
      cell: (f, i) => {
        const fees = totalFees(f.fees);
        return (
          <>
            {fees === null ? "—" : formatMoney(fees, f.currency)}
            <FeeBasisMark basis={marks[i]!} />
          </>
        );
      },
    },
  ];
  return (
    <Panel title={title} aside={`${fills.length} 笔`} bodyClassName="p-0" testId="fill-table">
      {/* Two-line rows: time, stock, side, shares, price and amount fit a 375 px phone; the fees may scroll. */}
      <DataTable
        label={title}
        minWidth={320}
        rows={fills}
        columns={columns}
        rowKey={(f, i) => `${f.date}-${f.time ?? ""}-${f.code}-${f.side}-${i}`}
        empty={emptyText}
      />
      {fills.length ? <FeeBasisNote bases={marks} /> : null}
    </Panel>
  );
}
