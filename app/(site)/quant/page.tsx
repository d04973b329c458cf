import type { Metadata } from "next";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { StrategyList } from "@/components/content/StrategyList";
import { listStrategies } from "@/lib/server/content/masters";

export const metadata: Metadata = {
  title: "量化策略",
  description: "量化策略的年化收益、最大回撤、夏普比率与胜率；实盘与回测分开展示。",
};

export default async function QuantPage() {
  const { items } = await listStrategies({ pageSize: 50 });
  return (
    <>
      <PageIntro title="量化策略">实盘记录只追加不修改，回测单独标注。净值满一定长度后才参与排序。</PageIntro>
      {items.length ? <StrategyList items={items} /> : <EmptyState title="暂无策略" />}
    </>
  );
}
