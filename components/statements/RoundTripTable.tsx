import type { Currency } from "@/lib/domain/market/types";
import { cn } from "@/components/ui/cn";
import type { Column } from "@/components/ui/table/columns";
import { DataTable } from "@/components/ui/table/DataTable";
import { formatPercent, formatShares } from "@/lib/domain/statements/format";
import { formatMoney, formatSignedMoney } from "./money";
import { FeeBasisMark, FeeBasisNote, Panel, StockCell, feeMarkOf } from "./Panel";
import { pnlClass } from "./tone";
import { tripState, type RoundTripJson, type TripState } from "./types";

export interface RoundTripTableProps {
  trips: RoundTripJson[];
  /** the link of a trip's stock (e.g. the detail page at its open date), or none */
  hrefFor?: (trip: RoundTripJson) => string | null | undefined;
  title?: string;
  /** e.g. "仅显示前 50 笔" */
  note?: string;
  emptyText?: string;
  /** the currency of the amounts (港股通 trips may be in HKD) */
  currency?: Currency;
  testId?: string;
}

/** The label of a trip without a realised P&L, and why (the footnote says it in plain text). */
const STATE_LABEL: Record<Exclude<TripState, "realized">, { label: string; why: string }> = {
  open: { label: "持仓中", why: "持仓中：尚未清仓，清仓后计算盈亏" },
  transferred: { label: "已转出", why: "已转出：股份托管转出，没有卖出价格，不计盈亏" },
  opening_unknown: { label: "成本未知", why: "成本未知：含导入前已持有的股份，成本未知，不计入已实现盈亏" },
};

/** Return on what was paid for it: pnl ÷ buy amount. */
function tripReturn(trip: RoundTripJson): number | null {
  return trip.buyAmount > 0 ? trip.pnl / trip.buyAmount : null;
}

/**
 * Round trips: entry to exit, amounts, fees (推算 / 估 when the file did not state them), P&L. A trip without a realised
 * P&L says why instead: 持仓中, 已转出 (托管转出) or 成本未知 (shares held before the file); a footnote explains the labels.
 */
export function RoundTripTable({ trips, hrefFor, title = "交易明细", note, emptyText = "暂无交易", currency = "CNY", testId = "round-trip-table" }: RoundTripTableProps) {
  const states = new Set(trips.map(tripState));
  const marks = trips.map(feeMarkOf);
  const columns: Column<RoundTripJson>[] = [
    { header: "股票", rowHeader: true, cell: (trip) => <StockCell name={trip.name} code={trip.code} market={trip.market} href={hrefFor?.(trip)} /> },
    { header: "盈亏", align: "right", cell: (trip) => <TripResult trip={trip} currency={currency} /> },
    { header: "建仓", cell: (trip) => trip.openDate },
    { header: "清仓", cell: (trip) => trip.closeDate ?? "—" },
    { header: "持股", align: "right", cell: (trip) => `${trip.holdingDays}天` },
    { header: "股数", align: "right", cell: (trip) => formatShares(trip.quantity) },
    { header: "买入金额", align: "right", cell: (trip) => formatMoney(trip.buyAmount, currency) },
    { header: "卖出金额", align: "right", cell: (trip) => (trip.sellAmount > 0 ? formatMoney(trip.sellAmount, currency) : "—") },
    {
      header: "费用",
      align: "right",
      cell: (trip, i) => (
        <>
          {formatMoney(trip.fees, currency)}
          <FeeBasisMark basis={marks[i]!} />
        </>
      ),
    },
  ];
  return (
    <Panel title={title} aside={note ?? `共 ${trips.length} 笔`} bodyClassName="p-0" testId={testId}>
      <DataTable
        label={title}
        minWidth={760}
        rows={trips}
        columns={columns}
        rowKey={(trip, i) => `${trip.code}-${trip.openDate}-${trip.closeDate ?? "open"}-${i}`}
        rowData={(trip) => ({ "data-state": tripState(trip), "data-open": tripState(trip) === "open" ? "true" : undefined })}
        empty={emptyText}
      />
      {trips.length ? <TripNotes states={states} marks={marks} /> : null}
    </Panel>
  );
}

/** The realised P&L over its return, or why a trip has none (持仓中, 已转出, 成本未知). */
function TripResult({ trip, currency }: { trip: RoundTripJson; currency: Currency }) {
  const state = tripState(trip);
  if (state !== "realized") {
    return (
      <span
        title={STATE_LABEL[state].why}
        className={cn("inline-flex rounded px-1.5 py-0.5 text-[11px] font-medium", state === "open" ? "bg-blue-50 text-brand" : "bg-slate-100 text-slate-600")}
      >
        {STATE_LABEL[state].label}
      </span>
    );
  }
  const ret = tripReturn(trip);
  return (
    <span className="flex flex-col items-end leading-tight">
      <span className={cn("font-medium", pnlClass(trip.pnl))}>{formatSignedMoney(trip.pnl, currency)}</span>
      {ret === null ? null : <span className={cn("text-[11px]", pnlClass(trip.pnl))}>{formatPercent(ret)}</span>}
    </span>
  );
}

function TripNotes({ states, marks }: { states: Set<TripState>; marks: (ReturnType<typeof feeMarkOf>)[] }) {
  const shown = (["open", "transferred", "opening_unknown"] as const).filter((s) => states.has(s));
  return (
    <>
      {shown.length ? (
        <ul data-testid="trip-state-note" className="space-y-0.5 px-3 pt-2 text-[11px] leading-4 text-slate-500 sm:px-4">
          {shown.map((s) => <li key={s}>{STATE_LABEL[s].why}</li>)}
        </ul>
      ) : null}
      <FeeBasisNote bases={marks} />
    </>
  );
}
