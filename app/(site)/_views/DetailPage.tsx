import Link from "next/link";
import { notFound } from "next/navigation";
import { Card } from "@/components/content/PageIntro";
import { DemoBadge } from "@/components/content/DemoBadge";
import { EmptyState } from "@/components/content/EmptyState";
import { MasterAvatar } from "@/components/content/MasterList";
import type { RouteParams } from "@/lib/domain/routes";
import { masterByGuid } from "@/lib/server/content/masters";

/** One master (`/detail/{guid}/…`, also `/test/{guid}/…`): profile, trading days, fills and the chart. */
export async function DetailPage({ params }: { params: RouteParams }) {
  const master = await masterByGuid(params.guid!);
  if (!master) notFound();
  return (
    <>
      <Card className="mb-5">
        <div className="flex items-center gap-4">
          <MasterAvatar name={master.name} avatarUrl={master.avatarUrl} size={64} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold">{master.name}</h1>
              {master.isDemo ? <DemoBadge /> : null}
            </div>
            <p className="mt-1 text-sm text-slate-600">{master.bio}</p>
            <div className="mt-2 flex flex-wrap gap-1">
              {master.styleTags.map((t) => (
                <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{t}</span>
              ))}
            </div>
          </div>
        </div>
      </Card>
      <EmptyState title="该大神暂无已导入的交割单" action={<Link className="text-sm text-brand hover:underline" href={`/analysis/${master.guid}`}>查看交割单分析</Link>}>
        {params.date ? `${params.date} 没有成交记录。` : "交割单导入后，这里按交易日展示成交明细、K线买卖点与完整的交易回合。"}
      </EmptyState>
    </>
  );
}

export async function detailTitle(guid: string | undefined): Promise<string> {
  const master = guid ? await masterByGuid(guid) : null;
  return master ? `${master.name}的交割单` : "大神交割单";
}
