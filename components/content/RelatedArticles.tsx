import Link from "@/components/ui/Link";
import { levelById } from "@/lib/domain/levels";
import { articlePath } from "@/lib/domain/seo";
import { LevelTag } from "./LevelTag";

/** 相关文章 under an article: title, level and a short reading text of each. */
export function RelatedArticles({ heading, items }: {
  heading: string;
  items: { infoguid: string; title: string; requiredLevel: number; locked: boolean; snippet: string }[];
}) {
  if (!items.length) return null;
  return (
    <section className="mt-8" aria-labelledby="related-heading">
      <h2 id="related-heading" className="mb-3 text-lg font-semibold">{heading}</h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {items.map((r) => (
          <li key={r.infoguid}>
            <Link prefetch={false} href={articlePath(r.infoguid)} className="block px-4 py-3 hover:bg-slate-50">
              <p className="flex items-center gap-2 font-medium text-slate-900">
                {r.title}
                {r.requiredLevel > 0 ? (
                  <LevelTag locked={r.locked} className="shrink-0 font-normal">{levelById(r.requiredLevel)?.levelName}</LevelTag>
                ) : null}
              </p>
              {r.snippet ? <p className="mt-1 line-clamp-2 text-sm text-slate-500">{r.snippet}</p> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
