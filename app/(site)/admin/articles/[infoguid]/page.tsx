import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { notFound } from "next/navigation";
import { ArticleForm } from "@/components/admin/articles/ArticleForm";
import { ArticleStatusAction } from "@/components/admin/articles/ArticleStatusAction";
import { LEVEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "@/components/admin/articles/articles-api";
import { articlePublicHref } from "@/components/admin/articles/public-href";
import { BackLink } from "@/components/admin/list/BackLink";
import { BlogBody } from "@/components/blog/BlogBody";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { formatDateTime } from "@/lib/domain/format";
import { isGuid } from "@/lib/domain/route-params";
import { forbiddenOnRefusal } from "@/lib/server/auth/forbidden-on-refusal";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { renderBody } from "@/lib/server/blog/render";
import { adminArticleDetail } from "@/lib/server/content/articles-admin";

export const metadata: Metadata = { title: "编辑文章", robots: { index: false } };

type Props = { params: Promise<{ infoguid: string }> };

export default async function AdminArticlePage({ params }: Props) {
  const viewer = await requireEditorRights();
  const { infoguid } = await params;
  if (!isGuid(infoguid)) notFound();
  const a = await forbiddenOnRefusal(adminArticleDetail(viewer, infoguid.toLowerCase()));
  if (!a) notFound();
  const blog = a.type === "blog";
  const publicHref = articlePublicHref(a);

  return (
    <>
      <PageIntro title={blog ? "会员博客" : "编辑文章"} aside={<BackLink href="/admin/articles">返回文章列表</BackLink>}>
        {TYPE_LABELS[a.type] ?? a.type} · {STATUS_LABELS[a.status]} · {LEVEL_LABELS[a.minLevel] ?? a.minLevel}
        {a.publishedAt ? ` · 发布于 ${formatDateTime(a.publishedAt)}` : ""}
        {publicHref ? (
          <>
            {" · "}
            <Link href={publicHref} className="text-brand underline">前台查看</Link>
          </>
        ) : null}
      </PageIntro>

      <div className="mb-5 flex flex-wrap items-center gap-3" data-testid="article-status">
        <ArticleStatusAction infoguid={a.infoguid} title={a.title} type={a.type} status={a.status} />
        <span className="text-sm text-slate-500">
          {blog ? "会员博客由作者撰写；编辑可以隐藏（仅作者和编辑可见）或恢复显示。" : a.status === "published" ? "已发布：撤回后变回草稿。" : "草稿：发布后读者才能看到。"}
        </span>
      </div>

      {blog ? (
        <Section title={a.title}>
          <p className="mb-3 text-sm text-slate-500">
            作者：{a.authorId ? <Link href={`/user/${a.authorId}`} className="text-brand underline">{a.authorNickname ?? "—"}</Link> : "—"} · 阅读 {a.views} · 点赞 {a.likes}
          </p>
          <Card>
            <BlogBody html={renderBody(a.body)} />
          </Card>
        </Section>
      ) : (
        <Card>
          <ArticleForm
            key={a.infoguid}
            infoguid={a.infoguid}
            initial={{ type: a.type, title: a.title, summary: a.summary, body: a.body, coverUrl: a.coverUrl, videoUrl: a.videoUrl, minLevel: a.minLevel, tags: a.tags }}
          />
        </Card>
      )}
    </>
  );
}
