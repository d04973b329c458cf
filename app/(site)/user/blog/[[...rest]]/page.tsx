import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { ConfirmAction } from "@/components/admin/ConfirmAction";
import { articleApi } from "@/components/admin/articles/articles-api";
import { BlogBody } from "@/components/blog/BlogBody";
import { LazyBlogEditor } from "@/components/blog/LazyBlogEditor";
import { editUrl, postUrl } from "@/components/blog/blog-api";
import { JsonLd } from "@/components/content/JsonLd";
import { LikeButton } from "@/components/content/LikeButton";
import { MasterAvatar } from "@/components/content/MasterList";
import { PageIntro } from "@/components/content/PageIntro";
import { config } from "@/lib/config";
import { formatDate } from "@/lib/domain/format";
import { blogPostingJsonLd } from "@/lib/domain/seo";
import { requireViewer } from "@/lib/server/auth/gate";
import { getViewer } from "@/lib/server/auth/viewer";
import { renderIsAPersonReading } from "@/lib/server/page-render";
import { blogPostForViewer, type BlogPostView } from "@/lib/server/blog/posts";
import { countArticleView } from "@/lib/server/content/view-counts";
import { validatedParams } from "@/lib/server/routing";

type Props = {
  params: Promise<{ rest?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * `/user/blog/{uguid?}/{infoguid?}`:
 * - no segments: the viewer's editor for a new post (login needed);
 * - `{uguid}`: that member's page (/user/{uguid}) lists the posts;
 * - `{uguid}/{infoguid}`: the post, as the viewer may read it; `?edit=1` opens the author's editor on it.
 */
/** Once per request (metadata and page both ask). */
const postFor = cache(async (infoguid: string) => blogPostForViewer(await getViewer(), infoguid));

async function resolve({ params, searchParams }: Props) {
  const { rest = [] } = await params;
  const p = validatedParams("blog", ["user", "blog", ...rest]);
  const edit = (await searchParams).edit === "1";
  if (!p.uguid) return { kind: "new" as const };
  if (!p.infoguid) redirect(`/user/${p.uguid.toLowerCase()}`);
  if (p.infoguid === "new") redirect("/user/blog");
  const uguid = p.uguid.toLowerCase();
  const [viewer, post] = await Promise.all([getViewer(), postFor(p.infoguid.toLowerCase())]);
  if (!post || post.author?.uguid !== uguid) notFound();
  return { kind: edit && post.isAuthor ? ("edit" as const) : ("read" as const), post, viewer };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await resolve(props);
  if (page.kind === "new") return { title: "写博客", robots: { index: false } };
  const { post } = page;
  const title = page.kind === "edit" ? `编辑：${post.title}` : post.title;
  return {
    title,
    description: post.summary || `${post.author?.nickname ?? "会员"}的博客文章`,
    robots: page.kind === "read" && post.status === "published" ? undefined : { index: false },
    alternates: { canonical: postUrl(post.author!.uguid, post.infoguid) },
  };
}

export default async function BlogPage(props: Props) {
  const page = await resolve(props);
  if (page.kind === "new") {
    const viewer = await requireViewer();
    return (
      <div className="mx-auto max-w-6xl">
        <PageIntro title="写博客" aside={<Link href={`/user/${viewer.userId}`} className="text-sm text-brand hover:underline">我的博客</Link>}>
          用 Markdown 写复盘和心得，右侧（手机上点“预览”）即时预览发布后的样子
        </PageIntro>
        <LazyBlogEditor authorId={viewer.userId} />
      </div>
    );
  }
  const { post, viewer } = page;
  const uguid = post.author!.uguid;
  if (page.kind === "edit") {
    return (
      <div className="mx-auto max-w-6xl">
        <PageIntro title="编辑博客" aside={<Link href={`/user/${uguid}`} className="text-sm text-brand hover:underline">我的博客</Link>} />
        <LazyBlogEditor key={post.infoguid} authorId={uguid} post={{ infoguid: post.infoguid, title: post.title, body: post.body ?? "", status: post.status }} />
      </div>
    );
  }
  // Nor is the author's own visit a reading.
  const reading = post.status === "published" && !post.isAuthor && (await renderIsAPersonReading());
  const views = reading ? countArticleView(post.infoguid, post.views) : post.views;
  return <PostView post={post} views={views} signedIn={viewer !== null} />;
}

function PostView({ post, views, signedIn }: { post: BlogPostView; views: number; signedIn: boolean }) {
  const author = post.author!;
  const path = postUrl(author.uguid, post.infoguid);
  const { siteUrl, siteName } = config();
  return (
    <>
      {/* beside the post, not in it: the post's own content holds nothing but what its author wrote */}
      {post.status === "published" ? (
        <JsonLd
          data={blogPostingJsonLd(
            { siteUrl, siteName },
            { infoguid: post.infoguid, authorId: author.uguid, authorName: author.nickname, title: post.title, description: post.summary, publishedAt: post.publishedAt },
          )}
        />
      ) : null}
      <article className="mx-auto max-w-3xl" data-testid="blog-post">
        {post.note ? (
          <p role="note" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">{post.note}</p>
        ) : null}
        <h1 className="text-2xl font-bold break-words text-slate-900">{post.title}</h1>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-500">
          <Link href={`/user/${author.uguid}`} className="flex items-center gap-2 text-slate-700 hover:text-brand">
            <MasterAvatar name={author.nickname} avatarUrl={author.avatarUrl} size={28} />
            <span className="font-medium">{author.nickname}</span>
          </Link>
          <span>{post.publishedAt ? formatDate(post.publishedAt) : `${formatDate(post.createdAt)} 创建`}</span>
          <span>阅读 {views}</span>
          {post.isAuthor ? (
            <Link href={editUrl(author.uguid, post.infoguid)} className="ml-auto font-medium text-brand hover:underline">编辑</Link>
          ) : null}
          {post.canModerate && post.status !== "draft" ? (
            <span className={post.isAuthor ? "" : "ml-auto"}>
              {post.status === "hidden" ? (
                <ConfirmAction label="恢复显示" title="恢复显示这篇博客？" confirmText="恢复显示" endpoint={articleApi(post.infoguid)} payload={{ action: "unhide" }} success="已恢复显示">
                  恢复后所有人都能看到这篇文章。
                </ConfirmAction>
              ) : (
                <ConfirmAction label="隐藏" title="隐藏这篇博客？" confirmText="隐藏" danger endpoint={articleApi(post.infoguid)} payload={{ action: "hide" }} success="已隐藏">
                  隐藏后只有作者和编辑能看到它，作者不能再发布，直到编辑恢复显示。
                </ConfirmAction>
              )}
            </span>
          ) : null}
        </div>
        <div className="mt-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <BlogBody html={post.html} />
        </div>
        {post.status === "published" ? (
          <div className="mt-6 flex items-center justify-center">
            {post.isAuthor ? (
              <span className="text-sm text-slate-500" data-testid="like-count">{post.likes} 人点赞</span>
            ) : (
              <LikeButton infoguid={post.infoguid} likes={post.likes} liked={post.likedByViewer} canLike loginHref={signedIn ? null : `/login?r=${encodeURIComponent(path)}`} />
            )}
          </div>
        ) : null}
      </article>
    </>
  );
}
