import type { Metadata } from "next";
import { EmptyState } from "@/components/content/EmptyState";
import { MasterList } from "@/components/content/MasterList";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { listMasters } from "@/lib/server/content/masters";

export const metadata: Metadata = {
  title: "大神交割单",
  description: "顶级短线交易者的真实交割单：风格标签、累计已实现盈亏、胜率与每个交易日的买卖明细。",
};

export default async function GodPage() {
  const masters = await listMasters({ pageSize: 60 });
  return (
    <>
      <PageIntro title="大神交割单">来自券商导出文件的真实成交，逐笔可查、可复算。</PageIntro>
      <Section title="当日交易">
        <EmptyState title="暂无交易日数据">交割单导入后，可在这里按交易日查看所有大神当天的买卖。</EmptyState>
      </Section>
      <Section title={`大神（${masters.total}）`}>
        {masters.items.length ? <MasterList items={masters.items} /> : <EmptyState title="暂无大神" />}
      </Section>
    </>
  );
}
