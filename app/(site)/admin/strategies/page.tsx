import type { Metadata } from "next";
import Link from "next/link";
import { cellClass, tableClass, tableWrapClass, theadClass } from "@/components/admin/labels";
import { STATUS_CLASSES, STATUS_LABELS } from "@/components/admin/strategies/strategies-api";
import { StrategyForm } from "@/components/admin/strategies/StrategyForm";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { hasAdminRights } from "@/lib/server/auth/roles";
import { adminStrategyList } from "@/lib/server/quant/strategies-admin";

export const metadata: Metadata = { title: "策略管理", robots: { index: false } };

export default async function AdminStrategiesPage() {
  const viewer = await requireEditorRights();
  const list = await adminStrategyList(viewer);
  const admin = hasAdminRights(viewer);

  return (
    <>
      <PageIntro title="策略管理" aside={<Link href="/admin" className="text-sm text-brand hover:underline">返回管理后台</Link>}>
        {admin ? "创建策略、接入密钥、导入净值与成交" : "编辑策略的名称、作者、风格与简介；创建策略、接入密钥和导入数据由管理员操作"}
      </PageIntro>

      <Section title={`策略（${list.length}）`}>
        {list.length === 0 ? (
          <EmptyState title="还没有策略">{admin ? "在下方新建一个策略，再创建接入密钥或导入净值。" : "策略由管理员创建。"}</EmptyState>
        ) : (
          <div className={tableWrapClass}>
            <table className={`${tableClass} min-w-[760px]`} data-testid="admin-strategies">
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}>名称</th>
                  <th className={cellClass}>状态</th>
                  <th className={cellClass}>开始日期</th>
                  <th className={`${cellClass} text-right`}>净值点</th>
                  <th className={cellClass}>最新净值日</th>
                  <th className={`${cellClass} text-right`}>密钥</th>
                  <th className={cellClass}>操作</th>
                </tr>
              </thead>
              <tbody>
                {list.map((s) => (
                  <tr key={s.guid} className="border-t border-slate-100 align-top" data-testid="admin-strategy-row">
                    <td className={cellClass}>
                      <Link href={`/admin/strategies/${s.guid}`} className="font-medium text-brand hover:underline">{s.name}</Link>
                      {s.isDemo ? <span className="ml-1.5 whitespace-nowrap rounded bg-amber-50 px-1.5 py-px text-xs text-amber-800">演示数据</span> : null}
                      <div className="text-xs text-slate-500">{s.author}</div>
                    </td>
                    <td className={cellClass}>
                      <span className={`inline-block whitespace-nowrap rounded px-1.5 py-px text-xs font-medium ${STATUS_CLASSES[s.status]}`}>{STATUS_LABELS[s.status]}</span>
                    </td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{s.startDate}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{s.navPoints}</td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{s.lastNavDate ?? "—"}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{s.keys}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      <Link href={`/admin/strategies/${s.guid}`} className="text-brand hover:underline" aria-label={`管理 ${s.name}`}>管理</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      {admin ? (
        <Section title="新建策略">
          <Card>
            <StrategyForm />
          </Card>
        </Section>
      ) : null}
    </>
  );
}
