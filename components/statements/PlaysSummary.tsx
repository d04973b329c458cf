import Link from "@/components/ui/Link";
import { MIN_PLAY_SAMPLE, type PlayRecord } from "@/lib/domain/lessons/play-record";
import { formatPercent, formatRate, formatSignedYuanWan } from "@/lib/domain/statements/format";
import { pnlClass } from "./tone";

/** A master's page: the 打法 he trades most, with their records and samples, and a link to the 打法 view (docs/adr/0080). */
export function PlaysSummary({ record, href, trainHref }: { record: PlayRecord; href: string; trainHref: string }) {
  const top = record.plays.filter((p) => p.trips > 0).sort((a, b) => b.trips - a.trips).slice(0, 3);
  if (top.length === 0) return null;
  const { limitUp } = record;
  return (
    <section aria-labelledby="plays-summary" className="mb-6" data-testid="plays-summary">
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h2 id="plays-summary" className="text-base font-semibold text-slate-900">常用打法</h2>
        <span className="flex gap-3">
          <Link className="text-sm text-brand hover:underline" href={trainHref} prefetch={false}>换你来练 ›</Link>
          <Link className="text-sm text-brand hover:underline" href={href}>打法战绩 ›</Link>
        </span>
      </div>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {top.map((p) => (
          <li key={p.play} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
            <p className="font-medium text-slate-900">{p.label} · {p.trips} 个回合</p>
            <p className="text-slate-600">
              胜率 {p.winRate === null ? "—" : formatRate(p.winRate, 1)} · 累计 <span className={pnlClass(p.totalPnl)}>{formatSignedYuanWan(p.totalPnl)}</span>
            </p>
            {p.smallSample ? <p className="text-xs text-slate-600">样本不足 {MIN_PLAY_SAMPLE} 个，参考有限</p> : null}
          </li>
        ))}
      </ul>
      {limitUp.buys > 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          打板 {limitUp.buys} 笔：次日溢价 {limitUp.nextDayPremium === null ? "—" : formatPercent(limitUp.nextDayPremium, { signed: true })}（{limitUp.nextDaySamples} 个样本），炸板率{" "}
          {limitUp.brokenRate === null ? "—" : formatRate(limitUp.brokenRate, 1)}。仅为历史交易复盘，不构成建议。
        </p>
      ) : null}
    </section>
  );
}
