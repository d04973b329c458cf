import Link from "@/components/ui/Link";
import { DemoBadge } from "@/components/content/DemoBadge";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro } from "@/components/content/PageIntro";
import type { MasterDrillsView } from "@/lib/domain/lessons/drill-dto";
import { StudyNote } from "./StudyNote";
import { agreementText } from "./TrainOverview";

/**
 * `/train/{guid}`: one master's drills by 打法 — the kind of decision each set drills (the label of his first fill that
 * day, without the day's own 首板/炸板 outcome) — with the member's next drills of each and their agreement.
 */
export function MasterDrillSets({ view, signedIn }: { view: MasterDrillsView; signedIn: boolean }) {
  return (
    <>
      <PageIntro title={`${view.master.name} · 交易训练`}>
        共 {view.total} 道题{signedIn ? `，已答 ${view.answered} 道，${agreementText(view.agreement)}` : ""}。每道题只给出出手前一天为止的日K和大神当时的持仓。
      </PageIntro>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        {view.master.isDemo ? <DemoBadge /> : null}
        <Link prefetch={false} href="/train" className="text-sm text-brand hover:underline">‹ 全部大神</Link>
      </div>
      <div className="mb-5"><StudyNote /></div>
      {view.groups.length === 0 ? (
        <EmptyState title="暂无可练习的交易日">这位大神已公开的交易日里，股票的历史行情还不够出题。</EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {view.groups.map((g) => (
            <Card key={g.play}>
              <div className="flex items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold text-slate-900">{g.play}</h2>
                <span className="text-xs text-slate-600">已答 {g.answered}/{g.total}{g.answered > 0 ? ` · ${agreementText(g.agreement)}` : ""}</span>
              </div>
              {g.next.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">这一组已全部答完。</p>
              ) : (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${g.play}的下一批题`}>
                  {g.next.map((d) => (
                    <li key={`${d.date}|${d.code}`}>
                      <Link
                        prefetch={false}
                        href={`/train/${view.master.guid}/${d.date}/${d.code}`}
                        className="inline-block rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-slate-700 hover:border-brand"
                      >
                        {d.name} · {d.date.slice(2)}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
