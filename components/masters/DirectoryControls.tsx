import Link from "@/components/ui/Link";
import { Search } from "lucide-react";
import { DIRECTORY_SORT_LABELS, DIRECTORY_SORTS, directoryHref, MAX_QUERY_LENGTH, type DirectorySort } from "@/lib/domain/statements/directory";

/**
 * The master directory's search box and sort links. A plain GET form to /list/god: it works without JavaScript, and
 * a new search starts at page 1 with the current sort; a sort link keeps the search.
 */
export function DirectoryControls({ q = "", sort = "active", current = true }: { q?: string; sort?: DirectorySort; current?: boolean }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="directory-controls">
      <form action="/list/god" method="get" role="search" className="flex w-full gap-2 sm:max-w-sm">
        <label htmlFor="master-search" className="sr-only">搜索大神</label>
        <input
          id="master-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="大神名称或风格标签"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-blue-400 focus:outline-none"
        />
        {sort !== "active" ? <input type="hidden" name="sort" value={sort} /> : null}
        <button type="submit" className="inline-flex shrink-0 items-center gap-1 rounded-lg bg-brand px-3 py-2 text-sm text-white">
          <Search aria-hidden size={16} />
          搜索
        </button>
      </form>
      <nav aria-label="排序" className="flex flex-wrap gap-1 text-sm">
        {DIRECTORY_SORTS.map((s) => {
          const active = current && s === sort;
          return (
            <Link
              key={s}
              href={directoryHref({ q, sort: s })}
              aria-current={active ? "page" : undefined}
              className={`rounded-full px-3 py-1 ${active ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-600 hover:bg-slate-200"}`}
            >
              {DIRECTORY_SORT_LABELS[s]}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
