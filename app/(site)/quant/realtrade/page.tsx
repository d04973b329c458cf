import type { Metadata } from "next";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro } from "@/components/content/PageIntro";

export const metadata: Metadata = { title: "策略实盘", description: "量化策略的实盘成交与持仓。SVIP 查看当日，其他会员延迟 5 个交易日。" };

export default function RealtradePage() {
  return (
    <>
      <PageIntro title="策略实盘">SVIP 会员查看当日成交与持仓，其他会员延迟 5 个交易日查看。</PageIntro>
      <EmptyState title="暂无实盘成交">策略接入实盘后，这里按交易日展示成交与持仓。</EmptyState>
    </>
  );
}
