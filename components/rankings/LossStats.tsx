import { Card } from "@/components/content/PageIntro";
import { toneClass } from "@/components/masters/tone";
import { formatDays, formatSignedYuan } from "@/lib/domain/statements/format";
import type { LossStats as Stats } from "@/lib/domain/statements/views";

/** The day's losing round trips in one sentence: how many, how much, held how long against the day's winners. */
export function LossStats({ day, stats }: { day: string; stats: Stats }) {
  const shorter = stats.avgWinHolding !== null && stats.avgLossHolding !== null && stats.avgLossHolding <= stats.avgWinHolding;
  return (
    <Card className="mb-5">
      <p className="text-sm text-slate-700" data-testid="loss-stats">
        {stats.losses > 0 ? (
          <>
            {day} 共 <b>{stats.losses}</b> 笔亏损平仓，合计 <b className={`whitespace-nowrap ${toneClass(stats.lossSum)}`}>{formatSignedYuan(stats.lossSum)}</b>，
            平均持有 <b>{formatDays(stats.avgLossHolding)}</b>
            {stats.avgWinHolding !== null ? <>；同日盈利平仓平均持有 {formatDays(stats.avgWinHolding)}</> : null}。
            {shorter ? " 亏损单拿得比盈利单短：截断亏损、让利润奔跑。" : null}
          </>
        ) : (
          <>{day} 没有亏损平仓的交易。</>
        )}
      </p>
    </Card>
  );
}
