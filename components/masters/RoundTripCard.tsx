import { Card } from "@/components/content/PageIntro";
import type { RoundTrip } from "@/lib/domain/statements/types";
import { formatDays, formatShares, formatSignedYuan, formatYuan } from "@/lib/domain/statements/format";
import { toneClass } from "./tone";

/** The round trip a fill belongs to: entry, exit, amounts, fees, P&L and holding days, each reproducible by hand. */
export function RoundTripCard({ trip }: { trip: RoundTrip }) {
  const rows: [string, string, string?][] = [
    ["建仓", trip.openDate],
    ["清仓", trip.closeDate ?? "持仓中"],
    ["持股", formatDays(trip.holdingDays)],
    ["股数", formatShares(trip.quantity)],
    ["买入金额", formatYuan(trip.buyAmount)],
    ["卖出金额", formatYuan(trip.sellAmount)],
    ["费用", `${formatYuan(trip.fees)}${trip.feesEstimated ? "（估）" : ""}`],
  ];
  if (trip.dividends) rows.push(["分红", formatYuan(trip.dividends)]);
  if (trip.dividendTax) rows.push(["红利税", formatYuan(-trip.dividendTax)]);
  return (
    <Card className="mt-3" >
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          交易回合 · {trip.name}({trip.code})
        </p>
        <p className={`text-lg font-semibold tabular-nums ${toneClass(trip.closeDate ? trip.pnl : 0)}`} data-testid="round-trip-pnl">
          {trip.closeDate ? formatSignedYuan(trip.pnl) : "持仓中"}
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
      {trip.closeDate ? (
        <p className="mt-3 text-xs text-slate-500">
          盈亏 = 卖出 {formatYuan(trip.sellAmount)} − 买入 {formatYuan(trip.buyAmount)} − 费用 {formatYuan(trip.fees)}
          {trip.dividends ? ` + 分红 ${formatYuan(trip.dividends)}` : ""}
          {trip.dividendTax ? ` − 红利税 ${formatYuan(trip.dividendTax)}` : ""}
        </p>
      ) : null}
    </Card>
  );
}
