import Link from "@/components/ui/Link";
import { DemoBadge } from "@/components/content/DemoBadge";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { DRILL_CHOICE_LABELS, FREE_DRILLS_PER_DAY, type Agreement } from "@/lib/domain/lessons/drill";
import { formatRate } from "@/lib/domain/statements/format";
import { FREE_SAMPLE_DELAY_DAYS } from "@/lib/domain/statements/visibility";
import type { DrillOverview } from "@/lib/domain/lessons/drill-dto";
import { StudyNote } from "./StudyNote";

export const agreementText = (a: Agreement) => (a.rate === null ? "尚未作答" : `一致 ${a.agreed}/${a.answered}（${formatRate(a.rate, 0)}）`);

/** `/train`: what the drill is, the member's agreement with each master, and the masters to practise with. */
export function TrainOverview({ overview, signedIn, leftToday }: { overview: DrillOverview; signedIn: boolean; leftToday: number | null }) {
  const { progress } = overview;
  return (
    <>
      <PageIntro title="换你，你买不买？">
        看一只股票到大神出手前一天的日K和他当时的持仓，选择买入、卖出或观望，然后揭晓大神当天真实的成交、打法和之后的走势。
      </PageIntro>
      <div className="mb-5 space-y-2">
        <StudyNote />
        <p className="text-sm text-slate-600">
          免费会员可练免费样本（{FREE_SAMPLE_DELAY_DAYS} 个交易日之前）的交易日，每天 {FREE_DRILLS_PER_DAY} 题；VIP、SVIP 可练全部已公开的交易日，不限题数。
          {signedIn && leftToday !== null ? ` 你今天还可做 ${leftToday} 题。` : ""}
        </p>
      </div>
      {signedIn ? (
        <Section title="我的训练">
          {progress.overall.answered === 0 ? (
            <p className="text-sm text-slate-600">还没有作答记录。选一位大神开始吧。</p>
          ) : (
            <Card>
              <p className="text-sm text-slate-800" data-testid="train-progress">
                已答 {progress.overall.answered} 题，与大神的选择{agreementText(progress.overall)}
              </p>
              <ul className="mt-2 space-y-1 text-sm text-slate-600">
                {progress.masters.map((m) => (
                  <li key={m.masterGuid}>
                    {progress.names[m.masterGuid] ?? "已删除的大神"}：{agreementText(m.agreement)}
                    {m.differsMost ? `；分歧最大的打法是「${m.differsMost.play}」（${agreementText(m.differsMost.agreement)}）` : ""}
                  </li>
                ))}
              </ul>
              <h3 className="mt-4 text-sm font-medium text-slate-900">最近作答</h3>
              <ul className="mt-1 divide-y divide-slate-100 text-sm" data-testid="train-history">
                {overview.history.map((a) => (
                  <li key={`${a.masterGuid}|${a.date}|${a.code}`}>
                    <Link prefetch={false} href={`/train/${a.masterGuid}/${a.date}/${a.code}`} className="flex flex-wrap items-baseline gap-x-2 py-1.5 hover:text-brand">
                      <span className="font-medium text-slate-900">{a.name}</span>
                      <span className="text-xs text-slate-500">{a.date} · {a.masterName}</span>
                      <span className="ml-auto text-slate-700">
                        你{DRILL_CHOICE_LABELS[a.choice]} · 大神{DRILL_CHOICE_LABELS[a.masterChoice]}
                        <span className={a.agreed ? "ml-1 text-emerald-700" : "ml-1 text-amber-700"}>{a.agreed ? "一致" : "不同"}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </Section>
      ) : null}
      <Section title="选一位大神">
        {overview.masters.length === 0 ? (
          <EmptyState title="暂无可练习的交易日">大神的交割单公开、且股票有足够的历史行情后，这里就会出现训练题。</EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {overview.masters.map((m) => (
              <li key={m.guid}>
                <Link prefetch={false} href={`/train/${m.guid}`} className="flex items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 hover:border-brand">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-medium text-slate-900">{m.name}</span>
                    {m.isDemo ? <DemoBadge /> : null}
                  </span>
                  <span className="shrink-0 text-sm text-slate-600">{m.answered > 0 ? `已答 ${m.answered} / ` : ""}{m.total} 题</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
