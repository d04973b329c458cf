import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Markdown } from "@/components/content/Markdown";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { formatDate } from "@/lib/domain/format";
import { requireViewer } from "@/lib/server/auth/gate";
import { getViewer } from "@/lib/server/auth/viewer";
import { articleForViewer } from "@/lib/server/content/articles";
import { publicMember } from "@/lib/server/content/members";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ rest?: string[] }> };

async function parse(params: Props["params"]) {
  const { rest = [] } = await params;
  return validatedParams("blog", ["user", "blog", ...rest]);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await parse(params);
  if (p.infoguid && p.infoguid !== "new") {
    const post = await articleForViewer(p.infoguid, await getViewer());
    if (post) return { title: post.title, description: post.summary };
  }
  return { title: "博客", robots: { index: false } };
}

/** `/user/blog/{uguid?}/{infoguid?}`: a member's post; without a post, their blog (one's own without uguid). */
export default async function BlogPage({ params }: Props) {
  const p = await parse(params);
  if (!p.uguid) redirect(`/user/blog/${(await requireViewer()).userId}`);
  const author = await publicMember(p.uguid);
  if (!author) notFound();
  if (!p.infoguid) redirect(`/user/${author.uguid}`);
  if (p.infoguid === "new") {
    const viewer = await requireViewer();
    if (viewer.userId !== author.uguid) notFound();
    return (
      <>
        <PageIntro title="写博客" />
        <Card><p className="text-sm text-slate-600">博客编辑器尚未开放。</p></Card>
      </>
    );
  }
  const post = await articleForViewer(p.infoguid, await getViewer());
  if (!post || post.type !== "blog") notFound();
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">{post.title}</h1>
      <p className="mt-2 text-sm text-slate-500">{author.nickname} · {formatDate(post.publishedAt)}</p>
      <div className="mt-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">{post.body !== null ? <Markdown source={post.body} /> : null}</div>
    </article>
  );
}
