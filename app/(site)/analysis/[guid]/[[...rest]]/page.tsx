import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { masterByGuid } from "@/lib/server/content/masters";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ guid: string; rest?: string[] }> };

const TABS = { overview: "概览", monthly: "月度", stocks: "个股", holding: "持股周期", style: "风格", trades: "全部交易" } as const;

async function load(params: Props["params"]) {
  const { guid, rest = [] } = await params;
  const p = validatedParams("analysis", ["analysis", guid, ...rest]);
  const master = await masterByGuid(guid);
  if (!master) notFound();
  return { master, tab: (p.firsttype ?? "overview") as keyof typeof TABS };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { master, tab } = await load(params);
  return { title: `${master.name}交割单分析 - ${TABS[tab]}`, description: `${master.name}的交割单统计：胜率、盈亏比、持股天数、月度盈亏与交易风格。` };
}

export default async function AnalysisPage({ params }: Props) {
  const { master, tab } = await load(params);
  return (
    <>
      <PageIntro title={`${master.name} · 交割单分析`}>{TABS[tab]}</PageIntro>
      <EmptyState title="暂无可分析的交割单">导入交割单后可查看累计盈亏曲线、胜率、盈亏比、月度与个股盈亏。</EmptyState>
    </>
  );
}
