import type { Metadata } from "next";
import { PlanEditor } from "@/components/admin/PlanEditor";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { BackLink } from "@/components/admin/list/BackLink";
import { Pill } from "@/components/ui/Pill";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { formatYuanFromFen } from "@/lib/domain/format";
import type { PlanView } from "@/lib/domain/payments/types";
import { levelById } from "@/lib/domain/levels";
import { PERIOD_NAMES } from "@/lib/domain/plans";
import { requireAdminRights } from "@/lib/server/auth/gate";
import { listPlans } from "@/lib/server/payments/catalog";

export const metadata: Metadata = { title: "套餐与价格", robots: { index: false } };

const PLAN_TABLE: CardTableSpec<PlanView> = {
  rowKey: (p) => p.id, minWidth: 920, testId: "admin-plans", rowTestId: "admin-plan-row",
  columns: [
    {
      header: "套餐",
      cell: (p) => (
        <>
          <div className="font-medium text-slate-900">{p.name}</div>
          <div className="text-xs text-slate-500">
            {levelById(p.levelId)?.levelName} · <span className="font-mono">{p.id}</span>
          </div>
        </>
      ),
    },
    {
      header: "时长",
      nowrap: true,
      cell: (p) => (
        <>
          {PERIOD_NAMES[p.period]} · {p.days} 天
          {p.renewable ? <div className="text-xs text-slate-500">可自动续费</div> : null}
        </>
      ),
    },
    { header: "现价", align: "right", cell: (p) => formatYuanFromFen(p.priceFen) },
    { header: "状态", cell: (p) => <Pill className={p.active ? "bg-brand-soft text-brand" : "bg-slate-100 text-slate-500"}>{p.active ? "在售" : "已下架"}</Pill> },
    { header: "编辑", cell: (p) => <PlanEditor key={`${p.name}|${p.priceFen}|${p.active}`} plan={p} /> },
  ],
};

export default async function AdminPlansPage() {
  await requireAdminRights();
  const plans = await listPlans({ includeHidden: true });

  return (
    <>
      <PageIntro title="套餐与价格" aside={<BackLink href="/admin">返回管理后台</BackLink>}>
        修改套餐名称、价格和上下架
      </PageIntro>

      <ul className="mb-5 space-y-1 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="plan-rules">
        <li>新价格只对之后创建的新订单生效；已开通的自动续费继续按开通时的价格扣款。</li>
        <li>下架的套餐不再出现在会员价格页和支付弹窗中，已创建的订单仍可完成支付。</li>
        <li>时长与是否可自动续费由套餐类型决定，不能在此修改。</li>
      </ul>

      <Section title={`套餐（${plans.length}）`}>
        <CardTable {...PLAN_TABLE} rows={plans} empty={<EmptyState title="还没有套餐" />} />
      </Section>
    </>
  );
}
