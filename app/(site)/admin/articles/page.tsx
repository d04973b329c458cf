import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { ArticleStatusAction } from "@/components/admin/articles/ArticleStatusAction";
import { LEVEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "@/components/admin/articles/articles-api";
import { cellClass, tableClass, tableWrapClass, theadClass } from "@/components/admin/labels";
import { fieldClass } from "@/components/blog/MarkdownField";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { Button } from "@/components/ui/Button";
import { formatDate } from "@/lib/domain/format";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { ADMIN_STATUSES, adminArticleList, AdminArticleFilters, type AdminArticleFilterValues } from "@/lib/server/content/articles-admin";

export const metadata: Metadata = { title: "文章管理", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function listHref(filters: AdminArticleFilterValues, page: number): string {
  const query = new URLSearchParams();
  for (const key of ["type", "status", "level", "q"] as const) if (filters[key]) query.set(key, filters[key]!);
  if (page > 1) query.set("page", String(page));
  const qs = query.toString();
  return qs ? `/admin/articles?${qs}` : "/admin/articles";
}

function publicHref(a: { infoguid: string; type: string; status: string; authorId: string | null }): string | null {
  if (a.status !== "published") return a.type === "blog" && a.authorId ? `/user/blog/${a.authorId}/${a.infoguid}` : null;
  return a.type === "blog" ? (a.authorId ? `/user/blog/${a.authorId}/${a.infoguid}` : null) : `/info/detail/${a.infoguid}`;
}

const STATUS_PILL = { draft: "bg-slate-100 text-slate-600", published: "bg-green-50 text-green-800", hidden: "bg-amber-50 text-amber-800" } as const;

export default async function AdminArticlesPage({ searchParams }: Props) {
  const viewer = await requireEditorRights();
  const raw = await searchParams;
  const filters = AdminArticleFilters.parse({ type: first(raw.type), status: first(raw.status), level: first(raw.level), q: first(raw.q), page: first(raw.page) });
  const list = await adminArticleList(viewer, filters);
  if (!list.ok) forbidden();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));

  return (
    <>
      <PageIntro
        title="文章管理"
        aside={
          <div className="flex items-center gap-3">
            <Link href="/admin" className="text-sm text-brand hover:underline">返回管理后台</Link>
            <Button asChild size="sm"><Link href="/admin/articles/new">写文章</Link></Button>
          </div>
        }
      >
        编辑文章与视频的撰写、发布和撤回；会员博客的隐藏与恢复
      </PageIntro>

      <form method="get" action="/admin/articles" className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="筛选文章">
        <label className="text-sm text-slate-600">
          类型
          <select name="type" defaultValue={filters.type ?? ""} className={`${fieldClass} mt-1 h-10`}>
            <option value="">全部</option>
            {Object.entries(TYPE_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
        <label className="text-sm text-slate-600">
          状态
          <select name="status" defaultValue={filters.status ?? ""} className={`${fieldClass} mt-1 h-10`}>
            <option value="">全部</option>
            {ADMIN_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </select>
        </label>
        <label className="text-sm text-slate-600">
          等级
          <select name="level" defaultValue={filters.level ?? ""} className={`${fieldClass} mt-1 h-10`}>
            <option value="">全部</option>
            {[0, 100, 200].map((l) => <option key={l} value={l}>{LEVEL_LABELS[l]}</option>)}
          </select>
        </label>
        <label className="text-sm text-slate-600">
          标题包含
          <input name="q" defaultValue={filters.q ?? ""} maxLength={50} className={`${fieldClass} mt-1 h-10`} />
        </label>
        <div className="col-span-2 flex items-end gap-2 sm:col-span-1">
          <Button type="submit" size="sm" className="flex-1">筛选</Button>
          <Link href="/admin/articles" className="inline-flex min-h-10 items-center px-2 text-sm text-slate-500 hover:text-brand">清除</Link>
        </div>
      </form>

      <Section title={`文章（${list.total}）`}>
        {list.items.length === 0 ? (
          <EmptyState title="没有符合条件的文章" />
        ) : (
          <div className={tableWrapClass}>
            <table className={`${tableClass} min-w-[880px]`} data-testid="admin-articles">
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}>类型</th>
                  <th className={cellClass}>标题</th>
                  <th className={cellClass}>等级</th>
                  <th className={cellClass}>状态</th>
                  <th className={cellClass}>作者</th>
                  <th className={cellClass}>日期</th>
                  <th className={cellClass}>操作</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((a) => {
                  const href = publicHref(a);
                  return (
                    <tr key={a.infoguid} className="border-t border-slate-100 align-top" data-testid="admin-article-row" data-status={a.status}>
                      <td className={`${cellClass} whitespace-nowrap`}>{TYPE_LABELS[a.type] ?? a.type}</td>
                      <td className={`${cellClass} max-w-[320px]`}>
                        <Link href={`/admin/articles/${a.infoguid}`} className="font-medium break-words text-brand hover:underline">{a.title}</Link>
                        {a.isDemo ? <span className="ml-1.5 whitespace-nowrap rounded bg-amber-50 px-1.5 py-px text-xs text-amber-800">演示数据</span> : null}
                        <div className="text-xs text-slate-400">阅读 {a.views} · 点赞 {a.likes}</div>
                      </td>
                      <td className={`${cellClass} whitespace-nowrap`}>{LEVEL_LABELS[a.minLevel] ?? a.minLevel}</td>
                      <td className={cellClass}>
                        <span className={`inline-block whitespace-nowrap rounded px-1.5 py-px text-xs font-medium ${STATUS_PILL[a.status]}`}>{STATUS_LABELS[a.status]}</span>
                      </td>
                      <td className={`${cellClass} whitespace-nowrap`}>
                        {a.authorId && a.type === "blog" ? <Link href={`/user/${a.authorId}`} className="hover:text-brand">{a.authorNickname ?? "—"}</Link> : (a.authorNickname ?? "—")}
                      </td>
                      <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatDate(a.publishedAt ?? a.createdAt)}</td>
                      <td className={`${cellClass} whitespace-nowrap`}>
                        <div className="flex items-center gap-2">
                          <Link href={`/admin/articles/${a.infoguid}`} className="text-brand hover:underline" aria-label={`${a.type === "blog" ? "查看" : "编辑"} ${a.title}`}>
                            {a.type === "blog" ? "查看" : "编辑"}
                          </Link>
                          {href ? <Link href={href} className="text-slate-500 hover:text-brand">前台</Link> : null}
                          <ArticleStatusAction infoguid={a.infoguid} title={a.title} type={a.type} status={a.status} />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label="分页" className="mt-4 flex items-center justify-center gap-3 text-sm">
            {list.page > 1 ? <Link className="rounded-lg border border-slate-300 bg-white px-4 py-2" href={listHref(filters, list.page - 1)}>上一页</Link> : null}
            <span className="text-slate-500">第 {list.page} / {pages} 页</span>
            {list.page < pages ? <Link className="rounded-lg border border-slate-300 bg-white px-4 py-2" href={listHref(filters, list.page + 1)}>下一页</Link> : null}
          </nav>
        ) : null}
      </Section>
    </>
  );
}
