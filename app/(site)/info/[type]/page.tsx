import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { ArticleList } from "@/components/content/ArticleList";
import { EmptyState } from "@/components/content/EmptyState";
import { JsonLd } from "@/components/content/JsonLd";
import { PageIntro } from "@/components/content/PageIntro";
import { Pagination } from "@/components/content/Pagination";
import { config } from "@/lib/config";
import { ARTICLE_TYPES, type ArticleType } from "@/lib/domain/article-types";
import { breadcrumbJsonLd, socialMetadata } from "@/lib/domain/seo";
import { getViewer } from "@/lib/server/auth/viewer";
import { listArticles } from "@/lib/server/content/articles";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ type: string }> };

async function articleType(params: Props["params"]): Promise<ArticleType> {
  const { type } = await params;
  return validatedParams("info", ["info", type]).type as ArticleType;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const type = await articleType(params);
  const { siteUrl, siteName } = config();
  return socialMetadata({ siteUrl, siteName }, {
    title: ARTICLE_TYPES[type],
    description: `${siteName}${ARTICLE_TYPES[type]}：A股短线交易的学习文章与视频。`,
    path: `/info/${type}`,
    images: [],
    type: "website",
  });
}

export default async function InfoTypePage({ params }: Props) {
  const type = await articleType(params);
  const { items, total, pageSize } = await listArticles({ type, pageSize: 12, viewer: await getViewer() });
  const { siteUrl, siteName } = config();
  return (
    <>
      <JsonLd data={breadcrumbJsonLd({ siteUrl, siteName }, [{ name: "首页", path: "/" }, { name: ARTICLE_TYPES[type], path: `/info/${type}` }])} />
      <PageIntro title={ARTICLE_TYPES[type]} />
      <nav className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1" aria-label="文章分类">
        {(Object.keys(ARTICLE_TYPES) as ArticleType[]).map((t) => (
          <Link
            key={t}
            href={`/info/${t}`}
            aria-current={t === type ? "page" : undefined}
            className={`shrink-0 rounded-full px-4 py-2 text-sm ${t === type ? "bg-brand text-white" : "border border-slate-200 bg-white text-slate-600"}`}
          >
            {ARTICLE_TYPES[t]}
          </Link>
        ))}
      </nav>
      {items.length ? <ArticleList items={items} /> : <EmptyState title={`暂无${ARTICLE_TYPES[type]}`}>编辑发布后会出现在这里。</EmptyState>}
      <Pagination base={`/list/${type}`} page={1} total={total} pageSize={pageSize} />
    </>
  );
}
