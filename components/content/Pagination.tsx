import Link from "@/components/ui/Link";

/**
 * Page links `${base}/${n}` (page 1 is `base` itself), as the /list and /user routes expect; `${base}?page=${n}` with
 * `inQuery` (rankings, the loss tracker, 全部交易); `href` writes them otherwise.
 */
export function Pagination({ base, page, total, pageSize, href: hrefOf, inQuery = false, nextLabel = "下一页" }: {
  base: string;
  page: number;
  total: number;
  pageSize: number;
  href?: (page: number) => string;
  inQuery?: boolean;
  /** the next page's label (下一页 unless given, e.g. 查看更多) */
  nextLabel?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = hrefOf ?? ((n: number) => (n === 1 ? base : inQuery ? `${base}?page=${n}` : `${base}/${n}`));
  return (
    <nav aria-label="分页" className="mt-6 flex items-center justify-center gap-3 text-sm">
      {page > 1 ? <Link className="rounded-lg border border-slate-300 bg-white px-4 py-2" href={href(page - 1)}>上一页</Link> : null}
      <span className="text-slate-500">第 {page} / {pages} 页</span>
      {page < pages ? <Link className="rounded-lg border border-slate-300 bg-white px-4 py-2" href={href(page + 1)}>{nextLabel}</Link> : null}
    </nav>
  );
}
