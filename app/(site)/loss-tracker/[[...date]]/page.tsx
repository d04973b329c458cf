import type { Metadata } from "next";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ date?: string[] }> };

export const metadata: Metadata = { title: "亏损追踪", description: "大神当日止损的交易与浮亏超过 5% 的持仓：亏多少、拿多久、如何止损。" };

export default async function LossTrackerPage({ params }: Props) {
  const { date = [] } = await params;
  const p = validatedParams("loss", ["loss-tracker", ...date]);
  return (
    <>
      <PageIntro title="亏损追踪">看大神如何止损：当天平仓亏损的交易与浮亏超过 5% 的持仓。</PageIntro>
      <EmptyState title={p.date ? `${p.date} 暂无亏损记录` : "暂无亏损记录"}>交割单导入后，这里展示每个交易日的亏损交易与回撤。</EmptyState>
    </>
  );
}
