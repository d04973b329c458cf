import Link from "@/components/ui/Link";
import { ARTICLE_TYPES, isArticleType } from "@/lib/domain/article-types";
import { formatDate } from "@/lib/domain/format";
import { DemoBadge, DemoSectionNote } from "./DemoBadge";
import { LevelTag } from "./LevelTag";
import { demoLabelling } from "@/lib/domain/demo-labels";

export interface ArticleListItem {
  infoguid: string;
  type: string;
  title: string;
  summary: string;
  minLevel: number;
  isDemo: boolean;
  publishedAt: Date | null;
  views: number;
  /** false when this viewer may read the whole article (the level badge then shows without a lock) */
  locked?: boolean;
}

const LEVEL_LABEL: Record<number, string> = { 100: "VIP", 200: "SVIP" };

export function ArticleList({ items }: { items: ArticleListItem[] }) {
  const demoRows = demoLabelling(items).rows;
  return (
    <>
      <DemoSectionNote items={items} />
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {items.map((a) => (
          <li key={a.infoguid}>
            <Link prefetch={false} href={`/info/detail/${a.infoguid}`} className="block px-4 py-3 hover:bg-slate-50" data-level={a.minLevel}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="rounded bg-blue-50 px-1.5 py-0.5 text-xs text-brand">{isArticleType(a.type) ? ARTICLE_TYPES[a.type] : "博客"}</span>
                {a.minLevel > 0 ? <LevelTag locked={a.locked !== false}>{LEVEL_LABEL[a.minLevel]}</LevelTag> : null}
                {demoRows && a.isDemo ? <DemoBadge /> : null}
              </div>
              <p className="mt-1 font-medium text-slate-900">{a.title}</p>
              {a.summary ? <p className="mt-1 line-clamp-2 text-sm text-slate-500">{a.summary}</p> : null}
              <p className="mt-1 text-xs text-slate-500">
                {formatDate(a.publishedAt)} · 阅读 {a.views}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
