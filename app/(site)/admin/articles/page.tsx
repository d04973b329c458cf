import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { ArticleFilterBar } from "@/components/admin/articles/ArticleFilterBar";
import { ArticleStatusAction } from "@/components/admin/articles/ArticleStatusAction";
import { LEVEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "@/components/admin/articles/articles-api";
import { articlePublicHref } from "@/components/admin/articles/public-href";
import { AdminPager } from "@/components/admin/list/AdminPager";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { BackLink } from "@/components/admin/list/BackLink";
import { DemoBadge } from "@/components/admin/list/DemoBadge";
import { Pill } from "@/components/ui/Pill";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { Button } from "@/components/ui/Button";
import { formatDate } from "@/lib/domain/format";
import { forbiddenOnRefusal } from "@/lib/server/auth/forbidden-on-refusal";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { adminArticleList, AdminArticleFilters, type AdminArticleRow } from "@/lib/server/content/articles-admin";

export const metadata: Metadata = { title: "文章管理", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const STATUS_PILL = { draft: "bg-slate-100 text-slate-600", published: "bg-green-50 text-green-800", hidden: "bg-amber-50 text-amber-800" } as const;

function RowActions({ article: a }: { article: AdminArticleRow }) {
  const href = articlePublicHref(a);
  const verb = a.type === "blog" ? "查看" : "编辑";
  return (
    <div className="flex items-center gap-2">
      <Link prefetch={false} href={`/admin/articles/${a.infoguid}`} className="text-brand hover:underline" aria-label={`${verb} ${a.title}`}>{verb}</Link>
      {href ? <Link prefetch={false} href={href} className="text-slate-500 hover:text-brand">前台</Link> : null}
      <ArticleStatusAction infoguid={a.infoguid} title={a.title} type={a.type} status={a.status} />
    </div>
  );
}

const ARTICLE_TABLE: CardTableSpec<AdminArticleRow> = {
  rowKey: (a) => a.infoguid, minWidth: 880, testId: "admin-articles", rowTestId: "admin-article-row", rowData: (a) => ({ "data-status": a.status }),
  columns: [
    { header: "类型", nowrap: true, cell: (a) => TYPE_LABELS[a.type] ?? a.type },
    {
      header: "标题",
      className: "max-w-[320px]",
      cell: (a) => (
        <>
          <Link prefetch={false} href={`/admin/articles/${a.infoguid}`} className="font-medium break-words text-brand hover:underline">{a.title}</Link>
          {a.isDemo ? <DemoBadge /> : null}
          <div className="text-xs text-slate-500">阅读 {a.views} · 点赞 {a.likes}</div>
        </>
      ),
    },
    { header: "等级", nowrap: true, cell: (a) => LEVEL_LABELS[a.minLevel] ?? a.minLevel },
    { header: "状态", cell: (a) => <Pill className={STATUS_PILL[a.status]}>{STATUS_LABELS[a.status]}</Pill> },
    {
      header: "作者",
      nowrap: true,
      cell: (a) => (a.authorId && a.type === "blog" ? <Link prefetch={false} href={`/user/${a.authorId}`} className="hover:text-brand">{a.authorNickname ?? "—"}</Link> : (a.authorNickname ?? "—")),
    },
    { header: "日期", nowrap: true, className: "tabular-nums", cell: (a) => formatDate(a.publishedAt ?? a.createdAt) },
    { header: "操作", nowrap: true, cell: (a) => <RowActions article={a} /> },
  ],
};

export default async function AdminArticlesPage({ searchParams }: Props) {
  const viewer = await requireEditorRights();
  const raw = await searchParams;
  const filters = AdminArticleFilters.parse({ type: first(raw.type), status: first(raw.status), level: first(raw.level), q: first(raw.q), page: first(raw.page) });
  const list = await forbiddenOnRefusal(adminArticleList(viewer, filters));

  return (
    <>
      <PageIntro
        title="文章管理"
        aside={
          <div className="flex items-center gap-3">
            <BackLink href="/admin">返回管理后台</BackLink>
            <Button asChild size="sm"><Link href="/admin/articles/new">写文章</Link></Button>
          </div>
        }
      >
        编辑文章与视频的撰写、发布和撤回；会员博客的隐藏与恢复
      </PageIntro>

      <ArticleFilterBar filters={filters} />

      <Section title={`文章（${list.total}）`}>
        <CardTable {...ARTICLE_TABLE} rows={list.items} empty={<EmptyState title="没有符合条件的文章" />} />
        <AdminPager
          path="/admin/articles"
          filters={{ type: filters.type, status: filters.status, level: filters.level, q: filters.q }}
          page={list.page}
          total={list.total}
          pageSize={list.pageSize}
        />
      </Section>
    </>
  );
}
