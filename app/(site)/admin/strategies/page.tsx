import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { BackLink } from "@/components/admin/list/BackLink";
import { NameCell } from "@/components/admin/list/NameCell";
import { Pill } from "@/components/ui/Pill";
import { STATUS_CLASSES, STATUS_LABELS } from "@/components/admin/strategies/strategies-api";
import { StrategyForm } from "@/components/admin/strategies/StrategyForm";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { hasAdminRights } from "@/lib/server/auth/roles";
import { adminStrategyList, type AdminStrategyRow } from "@/lib/server/quant/strategies-admin";

export const metadata: Metadata = { title: "策略管理", robots: { index: false } };

const STRATEGY_TABLE: CardTableSpec<AdminStrategyRow> = {
  rowKey: (s) => s.guid, minWidth: 760, testId: "admin-strategies", rowTestId: "admin-strategy-row",
  columns: [
    { header: "名称", cell: (s) => <NameCell href={`/admin/strategies/${s.guid}`} name={s.name} isDemo={s.isDemo} note={s.author} /> },
    { header: "状态", cell: (s) => <Pill className={STATUS_CLASSES[s.status]}>{STATUS_LABELS[s.status]}</Pill> },
    { header: "开始日期", nowrap: true, className: "tabular-nums", cell: (s) => s.startDate },
    { header: "净值点", align: "right", cell: (s) => s.navPoints },
    { header: "最新净值日", nowrap: true, className: "tabular-nums", cell: (s) => s.lastNavDate ?? "—" },
    { header: "密钥", align: "right", cell: (s) => s.keys },
    {
      header: "操作",
      nowrap: true,
      cell: (s) => <Link href={`/admin/strategies/${s.guid}`} className="text-brand hover:underline" aria-label={`管理 ${s.name}`}>管理</Link>,
    },
  ],
};

export default async function AdminStrategiesPage() {
  const viewer = await requireEditorRights();
  const list = await adminStrategyList(viewer);
  const admin = hasAdminRights(viewer);

  return (
    <>
      <PageIntro title="策略管理" aside={<BackLink href="/admin">返回管理后台</BackLink>}>
        {admin ? "创建策略、接入密钥、导入净值与成交" : "编辑策略的名称、作者、风格与简介；创建策略、接入密钥和导入数据由管理员操作"}
      </PageIntro>

      <Section title={`策略（${list.length}）`}>
        <CardTable {...STRATEGY_TABLE} rows={list} empty={<EmptyState title="还没有策略">{admin ? "在下方新建一个策略，再创建接入密钥或导入净值。" : "策略由管理员创建。"}</EmptyState>} />
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
