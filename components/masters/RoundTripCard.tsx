import type { ReactNode } from "react";
import { Card } from "@/components/content/PageIntro";
import { FeeBasisMark, FeeBasisNote, feeMarkOf } from "@/components/statements/Panel";
import { displayCode } from "@/lib/domain/market/codes";
import { tripState, type TripState } from "@/components/statements/types";
import { formatMoney, formatSignedMoney } from "@/components/statements/money";
import type { Currency } from "@/lib/domain/market/types";
import type { RoundTrip } from "@/lib/domain/statements/types";
import { formatDays, formatShares } from "@/lib/domain/statements/format";
import { toneClass } from "./tone";

const NO_PNL: Record<Exclude<TripState, "realized">, { label: string; why: string }> = {
  open: { label: "持仓中", why: "尚未清仓，清仓后计算盈亏。" },
  transferred: { label: "已转出", why: "股份托管转出，没有卖出价格，不计盈亏。" },
  opening_unknown: { label: "成本未知", why: "含导入前已持有的股份，成本未知，不计入已实现盈亏。" },
};

/**
 * The round trip a fill belongs to: entry, exit, amounts, fees, P&L and holding days, each reproducible by hand. A trip
 * without a realised P&L (持仓中, 已转出, 成本未知) says why instead of showing one.
 */
export function RoundTripCard({ trip, currency = "CNY" }: { trip: RoundTrip; currency?: Currency }) {
  const state = tripState(trip);
  const mark = feeMarkOf(trip);
  const rows: [string, ReactNode][] = [
    ["建仓", trip.openDate],
    ["清仓", trip.closeDate ?? "持仓中"],
    ["持股", formatDays(trip.holdingDays)],
    ["股数", formatShares(trip.quantity)],
    ["买入金额", formatMoney(trip.buyAmount, currency)],
    ["卖出金额", formatMoney(trip.sellAmount, currency)],
    ["费用", <>{formatMoney(trip.fees, currency)}<FeeBasisMark basis={mark} /></>],
  ];
  if (trip.dividends) rows.push(["分红", formatMoney(trip.dividends, currency)]);
  if (trip.dividendTax) rows.push(["红利税", formatMoney(-trip.dividendTax, currency)]);
  return (
    <Card className="mt-3">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900">
          交易回合 · {trip.name}({displayCode(trip.code, trip.market)})
        </p>
        <p className={`shrink-0 text-lg font-semibold tabular-nums ${toneClass(state === "realized" ? trip.pnl : 0)}`} data-testid="round-trip-pnl" data-state={state}>
          {state === "realized" ? formatSignedMoney(trip.pnl, currency) : NO_PNL[state].label}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2 sm:block">
            <dt className="text-slate-500">{k}</dt>
            <dd className="tabular-nums text-slate-800">{v}</dd>
          </div>
        ))}
      </dl>
      {state === "realized" ? (
        <p className="mt-3 text-xs text-slate-500">
          盈亏 = 卖出 {formatMoney(trip.sellAmount, currency)} − 买入 {formatMoney(trip.buyAmount, currency)} − 费用 {formatMoney(trip.fees, currency)}
          {trip.dividends ? ` + 分红 ${formatMoney(trip.dividends, currency)}` : ""}
          {trip.dividendTax ? ` − 红利税 ${formatMoney(trip.dividendTax, currency)}` : ""}
        </p>
      ) : (
        <p className="mt-3 text-xs text-slate-500" data-testid="round-trip-why">{NO_PNL[state].why}</p>
      )}
      <FeeBasisNote bases={[mark]} className="px-0 sm:px-0" />
    </Card>
  );
}
