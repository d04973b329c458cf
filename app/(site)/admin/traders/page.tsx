import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { AdminPager } from "@/components/admin/list/AdminPager";
import { AdminSearch } from "@/components/admin/list/AdminSearch";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { BackLink } from "@/components/admin/list/BackLink";
import { adminListQuery } from "@/components/admin/list/list-query";
import { NameCell } from "@/components/admin/list/NameCell";
import { BulkImportForm } from "@/components/admin/masters/BulkImportForm";
import { MasterForm } from "@/components/admin/masters/MasterForm";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { formatDate } from "@/lib/domain/format";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { adminMasterList, MAX_MASTER_QUERY_LENGTH, type AdminMasterPage, type AdminMasterRow } from "@/lib/server/statements/admin-list";

export const metadata: Metadata = { title: "大神管理", robots: { index: false } };

type Props = { searchParams?: Promise<Record<string, string | string[] | undefined>> };

const Query = adminListQuery(MAX_MASTER_QUERY_LENGTH);

const MASTER_TABLE: CardTableSpec<AdminMasterRow> = {
  rowKey: (m) => m.guid, minWidth: 720, testId: "admin-masters", rowTestId: "admin-master-row",
  columns: [
    {
      header: "名称",
      cell: (m) => <NameCell href={`/admin/traders/${m.guid}`} name={m.name} isDemo={m.isDemo} note={m.styleTags.length > 0 ? m.styleTags.join(" · ") : null} />,
    },
    { header: "交割单", align: "right", cell: (m) => m.statements },
    { header: "已公开", align: "right", cell: (m) => m.published },
    { header: "草稿", align: "right", cell: (m) => m.drafts },
    { header: "延迟公开", nowrap: true, cell: (m) => (m.disclosureDelayDays === 0 ? "即时公开" : `${m.disclosureDelayDays} 个交易日`) },
    { header: "创建日期", nowrap: true, className: "tabular-nums", cell: (m) => formatDate(m.createdAt) },
    {
      header: "操作",
      nowrap: true,
      cell: (m) => <Link prefetch={false} href={`/admin/traders/${m.guid}`} className="text-brand hover:underline" aria-label={`编辑 ${m.name}`}>编辑</Link>,
    },
  ],
};

/** Why the table is empty: nothing matches the search, the page is past the end, or there is no master yet. */
function NoMasters({ list }: { list: AdminMasterPage }) {
  if (list.query) {
    return <EmptyState title={`没有名称包含“${list.query}”的大神`}><Link href="/admin/traders" className="text-brand hover:underline">查看全部大神</Link></EmptyState>;
  }
  if (list.total > 0) return <EmptyState title="这一页没有大神"><Link href="/admin/traders" className="text-brand hover:underline">回到第一页</Link></EmptyState>;
  return <EmptyState title="还没有大神">在下方新建一位大神，或批量导入交割单。</EmptyState>;
}

export default async function AdminTradersPage({ searchParams }: Props = {}) {
  const viewer = await requireEditorRights();
  const { q, page } = Query.parse((await searchParams) ?? {});
  const list = await adminMasterList(viewer, { query: q ?? "", page: page ?? 1 });

  return (
    <>
      <PageIntro title="大神管理" aside={<BackLink href="/admin">返回管理后台</BackLink>}>
        创建大神、上传交割单、延迟公开与交易日点评
      </PageIntro>

      <Section title="批量导入">
        <Card>
          <BulkImportForm />
        </Card>
      </Section>

      <Section title={`大神（${list.query ? `“${list.query}” ` : ""}${list.total}）`}>
        {list.total > 0 || list.query ? (
          <AdminSearch action="/admin/traders" id="master-search" label="按名称查找大神" query={list.query} maxLength={MAX_MASTER_QUERY_LENGTH} />
        ) : null}
        <CardTable {...MASTER_TABLE} rows={list.rows} empty={<NoMasters list={list} />} />
        <AdminPager path="/admin/traders" filters={{ q: list.query }} page={list.page} total={list.total} pageSize={list.pageSize} />
      </Section>

      <Section title="新建大神">
        <Card>
          <MasterForm />
        </Card>
      </Section>
    </>
  );
}
