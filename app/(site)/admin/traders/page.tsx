import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { BulkImportForm } from "@/components/admin/traders/BulkImportForm";
import { MasterForm } from "@/components/admin/traders/MasterForm";
import { cellClass, tableClass, tableWrapClass, theadClass } from "@/components/admin/labels";
import { EmptyState } from "@/components/content/EmptyState";
import { Pagination } from "@/components/content/Pagination";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { formatDate } from "@/lib/domain/format";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { adminMasterList, MAX_MASTER_QUERY_LENGTH } from "@/lib/server/statements/admin-list";

export const metadata: Metadata = { title: "大神管理", robots: { index: false } };

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const Query = z.object({
  q: z.preprocess(first, z.string().transform((s) => s.trim().slice(0, MAX_MASTER_QUERY_LENGTH))).optional().catch(undefined),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000)).optional().catch(undefined),
});

type Props = { searchParams?: Promise<Record<string, string | string[] | undefined>> };

function pageHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/admin/traders?${s}` : "/admin/traders";
}

export default async function AdminTradersPage({ searchParams }: Props = {}) {
  const viewer = await requireEditorRights();
  const { q, page } = Query.parse((await searchParams) ?? {});
  const list = await adminMasterList(viewer, { query: q ?? "", page: page ?? 1 });
  const masters = list.rows;

  return (
    <>
      <PageIntro title="大神管理" aside={<Link href="/admin" className="text-sm text-brand hover:underline">返回管理后台</Link>}>
        创建大神、上传交割单、延迟公开与交易日点评
      </PageIntro>

      <Section title="批量导入">
        <Card>
          <BulkImportForm />
        </Card>
      </Section>

      <Section title={`大神（${list.query ? `“${list.query}” ` : ""}${list.total}）`}>
        {list.total > 0 || list.query ? (
          <form role="search" action="/admin/traders" method="get" className="mb-4 flex gap-2">
            <label htmlFor="master-search" className="sr-only">按名称查找大神</label>
            <input
              id="master-search"
              name="q"
              type="search"
              defaultValue={list.query}
              maxLength={MAX_MASTER_QUERY_LENGTH}
              placeholder="按名称查找大神"
              className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand"
            />
            <button type="submit" className="inline-flex h-11 shrink-0 items-center rounded-lg bg-brand px-4 font-medium text-white">搜索</button>
          </form>
        ) : null}
        {masters.length === 0 ? (
          list.query ? (
            <EmptyState title={`没有名称包含“${list.query}”的大神`}><Link href="/admin/traders" className="text-brand hover:underline">查看全部大神</Link></EmptyState>
          ) : list.total > 0 ? (
            <EmptyState title="这一页没有大神"><Link href="/admin/traders" className="text-brand hover:underline">回到第一页</Link></EmptyState>
          ) : (
            <EmptyState title="还没有大神">在下方新建一位大神，或批量导入交割单。</EmptyState>
          )
        ) : (
          <div className={tableWrapClass}>
            <table className={`${tableClass} min-w-[720px]`} data-testid="admin-masters">
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}>名称</th>
                  <th className={`${cellClass} text-right`}>交割单</th>
                  <th className={`${cellClass} text-right`}>已公开</th>
                  <th className={`${cellClass} text-right`}>草稿</th>
                  <th className={cellClass}>延迟公开</th>
                  <th className={cellClass}>创建日期</th>
                  <th className={cellClass}>操作</th>
                </tr>
              </thead>
              <tbody>
                {masters.map((m) => (
                  <tr key={m.guid} className="border-t border-slate-100 align-top" data-testid="admin-master-row">
                    <td className={cellClass}>
                      <Link href={`/admin/traders/${m.guid}`} className="font-medium text-brand hover:underline">{m.name}</Link>
                      {m.isDemo ? <span className="ml-1.5 whitespace-nowrap rounded bg-amber-50 px-1.5 py-px text-xs text-amber-800">演示数据</span> : null}
                      {m.styleTags.length > 0 ? <div className="text-xs text-slate-500">{m.styleTags.join(" · ")}</div> : null}
                    </td>
                    <td className={`${cellClass} text-right tabular-nums`}>{m.statements}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{m.published}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{m.drafts}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{m.disclosureDelayDays === 0 ? "即时公开" : `${m.disclosureDelayDays} 个交易日`}</td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatDate(m.createdAt)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      <Link href={`/admin/traders/${m.guid}`} className="text-brand hover:underline" aria-label={`编辑 ${m.name}`}>编辑</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination base="/admin/traders" page={list.page} total={list.total} pageSize={list.pageSize} href={(n) => pageHref(list.query, n)} />
      </Section>

      <Section title="新建大神">
        <Card>
          <MasterForm />
        </Card>
      </Section>
    </>
  );
}
