import type { Metadata } from "next";
import Link from "next/link";
import { PlanEditor } from "@/components/admin/PlanEditor";
import { cellClass, tableClass, tableWrapClass, theadClass } from "@/components/admin/labels";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { formatYuanFromFen } from "@/lib/domain/format";
import { levelById } from "@/lib/domain/levels";
import { PERIOD_NAMES } from "@/lib/domain/plans";
import { requireAdminRights } from "@/lib/server/auth/gate";
import { listPlans } from "@/lib/server/payments/catalog";

export const metadata: Metadata = { title: "套餐与价格", robots: { index: false } };

export default async function AdminPlansPage() {
  await requireAdminRights();
  const plans = await listPlans({ includeHidden: true });

  return (
    <>
      <PageIntro title="套餐与价格" aside={<Link href="/admin" className="text-sm text-brand hover:underline">返回管理后台</Link>}>
        修改套餐名称、价格和上下架
      </PageIntro>

      <ul className="mb-5 space-y-1 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="plan-rules">
        <li>新价格只对之后创建的新订单生效；已开通的自动续费继续按开通时的价格扣款。</li>
        <li>下架的套餐不再出现在会员价格页和支付弹窗中，已创建的订单仍可完成支付。</li>
        <li>时长与是否可自动续费由套餐类型决定，不能在此修改。</li>
      </ul>

      <Section title={`套餐（${plans.length}）`}>
        {plans.length === 0 ? (
          <EmptyState title="还没有套餐" />
        ) : (
          <div className={tableWrapClass}>
            <table className={`${tableClass} min-w-[920px]`} data-testid="admin-plans">
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}>套餐</th>
                  <th className={cellClass}>时长</th>
                  <th className={`${cellClass} text-right`}>现价</th>
                  <th className={cellClass}>状态</th>
                  <th className={cellClass}>编辑</th>
                </tr>
              </thead>
              <tbody>
                {plans.map((p) => (
                  <tr key={p.id} className="border-t border-slate-100 align-top" data-testid="admin-plan-row">
                    <td className={cellClass}>
                      <div className="font-medium text-slate-900">{p.name}</div>
                      <div className="text-xs text-slate-500">
                        {levelById(p.levelId)?.levelName} · <span className="font-mono">{p.id}</span>
                      </div>
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {PERIOD_NAMES[p.period]} · {p.days} 天
                      {p.renewable ? <div className="text-xs text-slate-500">可自动续费</div> : null}
                    </td>
                    <td className={`${cellClass} text-right tabular-nums`}>{formatYuanFromFen(p.priceFen)}</td>
                    <td className={cellClass}>
                      <span className={`inline-block whitespace-nowrap rounded px-1.5 py-px text-xs font-medium ${p.active ? "bg-brand-soft text-brand" : "bg-slate-100 text-slate-500"}`}>
                        {p.active ? "在售" : "已下架"}
                      </span>
                    </td>
                    <td className={cellClass}>
                      <PlanEditor key={`${p.name}|${p.priceFen}|${p.active}`} plan={p} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}
