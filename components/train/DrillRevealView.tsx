import Link from "@/components/ui/Link";
import { pnlClass } from "@/components/statements/tone";
import { DRILL_CHOICE_LABELS } from "@/lib/domain/lessons/drill";
import type { DrillReveal } from "@/lib/domain/lessons/drill-dto";
import { formatPercent, formatQuote, formatShares, formatSignedYuanWan } from "@/lib/domain/statements/format";

const SIDE = { buy: "买入", sell: "卖出" } as const;

function tripLine(trip: NonNullable<DrillReveal["outcome"]["trip"]>): string {
  if (trip.status === "open") return `这笔仓位 ${trip.openDate} 建仓，截至已公开的交割单仍在持有。`;
  if (trip.status === "transferred") return `这笔仓位 ${trip.openDate} 建仓，${trip.closeDate ?? ""} 转出，没有卖出价，不计盈亏。`;
  const pnl = trip.pnl === null ? "成本未知，不计盈亏" : `盈亏 ${formatSignedYuanWan(trip.pnl)}`;
  return `这笔仓位 ${trip.openDate} 建仓，${trip.closeDate} 清仓，持有 ${trip.holdingDays} 个交易日，${pnl}。`;
}

/** The reveal: the master's choice beside the member's, his fills with their 打法, the days after and how it ended. */
export function DrillRevealView({ reveal, setHref }: { reveal: DrillReveal; setHref: string }) {
  const last = reveal.bars[reveal.bars.length - 1];
  return (
    <div className="space-y-4">
      <div className={`rounded-xl border px-4 py-3 ${reveal.agreed ? "border-emerald-200 bg-emerald-50" : "border-amber-200 bg-amber-50"}`}>
        <p className="text-base font-semibold text-slate-900" data-testid="drill-verdict">
          {reveal.agreed ? "与大神一致" : "与大神不同"}：你选{DRILL_CHOICE_LABELS[reveal.choice]}
          {reveal.quantity ? ` ${formatShares(reveal.quantity)}` : ""}，大神当天{SIDE[reveal.masterChoice]}
        </p>
        {reveal.play ? <p className="mt-1 text-sm text-slate-700">打法：{reveal.play}</p> : null}
        {reveal.bothWays ? <p className="mt-1 text-xs text-slate-600">大神当天有买有卖（做T），以当天第一笔成交为准。</p> : null}
        {reveal.repeated ? <p className="mt-1 text-xs text-slate-600">这道题你已答过，记录按第一次作答计。</p> : null}
      </div>

      <section aria-labelledby="drill-fills">
        <h2 id="drill-fills" className="mb-2 text-base font-semibold text-slate-900">大神当天的成交</h2>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
          {reveal.fills.map((f, i) => (
            <li key={i} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-2">
              <span className="tabular-nums text-slate-500">{f.time?.slice(0, 5) ?? "—"}</span>
              <span className={f.side === "buy" ? "font-medium text-up" : "font-medium text-down-text"}>{SIDE[f.side]}</span>
              <span className="tabular-nums">{formatQuote(f.price)}</span>
              <span className="tabular-nums text-slate-600">{formatShares(f.quantity)}</span>
              {f.play ? <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">{f.play}</span> : null}
              {f.caveat ? <span className="w-full text-xs text-slate-500">{f.caveat}</span> : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="drill-after">
        <h2 id="drill-after" className="mb-2 text-base font-semibold text-slate-900">当天及之后的走势</h2>
        {reveal.bars.length === 0 ? (
          <p className="text-sm text-slate-600">这一天之后暂无行情数据。</p>
        ) : (
          <table className="w-full rounded-xl border border-slate-200 bg-white text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="px-3 py-1.5 text-left font-normal">日期</th>
                <th className="px-3 py-1.5 text-right font-normal">开盘</th>
                <th className="px-3 py-1.5 text-right font-normal">收盘</th>
                <th className="px-3 py-1.5 text-right font-normal">较开盘</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {reveal.bars.map((b) => {
                const move = b.close / reveal.bars[0]!.open - 1;
                return (
                  <tr key={b.date} className="border-t border-slate-100">
                    <td className="px-3 py-1.5">{b.date.slice(5)}</td>
                    <td className="px-3 py-1.5 text-right">{formatQuote(b.open)}</td>
                    <td className="px-3 py-1.5 text-right">{formatQuote(b.close)}</td>
                    <td className={`px-3 py-1.5 text-right ${pnlClass(move)}`}>{formatPercent(move)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {reveal.outcome.choiceReturn !== null && last ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="drill-outcome">
            按你的选择（当天开盘{reveal.choice === "watch" ? "观望" : DRILL_CHOICE_LABELS[reveal.choice]}，看到 {last.date.slice(5)} 收盘）：
            <span className={`font-medium ${pnlClass(reveal.outcome.choiceReturn)}`}>{formatPercent(reveal.outcome.choiceReturn)}</span>
          </p>
        ) : null}
        {reveal.outcome.trip ? <p className="mt-1 text-sm text-slate-700">{tripLine(reveal.outcome.trip)}</p> : null}
      </section>

      <p className="text-xs text-slate-500">以上为对历史交易的复盘练习，仅供学习，不构成任何投资建议。</p>
      <div className="flex flex-wrap gap-3 text-sm">
        <Link className="text-brand underline" href={reveal.detailHref} prefetch={false}>查看大神当天的交割单</Link>
        <Link className="text-brand underline" href={setHref} prefetch={false}>继续练习</Link>
      </div>
    </div>
  );
}
