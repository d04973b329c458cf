import Link from "@/components/ui/Link";
import { formatDate } from "@/lib/domain/format";
import { editUrl, postUrl, type BlogStatus } from "./blog-api";
import { cn } from "@/components/ui/cn";

export interface BlogPostListItem {
  infoguid: string;
  title: string;
  summary: string;
  status: BlogStatus;
  likes: number;
  views: number;
  publishedAt: Date | null;
  createdAt: Date;
}

const BADGE: Record<Exclude<BlogStatus, "published">, { text: string; className: string }> = {
  draft: { text: "草稿", className: "bg-slate-100 text-slate-600" },
  hidden: { text: "已隐藏", className: "bg-amber-50 text-amber-800" },
};

/** A member's posts; drafts (shown to their author only) open in the editor. */
export function BlogPostList({ uguid, items }: { uguid: string; items: BlogPostListItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="blog-posts">
      {items.map((p) => {
        const badge = p.status === "published" ? null : BADGE[p.status];
        return (
          <li key={p.infoguid}>
            <Link prefetch={false} href={p.status === "draft" ? editUrl(uguid, p.infoguid) : postUrl(uguid, p.infoguid)} className="block px-4 py-3 hover:bg-slate-50">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {badge ? <span className={cn("rounded px-1.5 py-0.5 text-xs font-normal", badge.className)}>{badge.text}</span> : null}
                <span className="break-words">{p.title}</span>
              </p>
              {p.summary ? <p className="mt-1 line-clamp-2 text-sm break-words text-slate-500">{p.summary}</p> : null}
              <p className="mt-1 text-xs text-slate-500">
                {p.status === "draft" ? `${formatDate(p.createdAt)} 创建` : formatDate(p.publishedAt)} · 阅读 {p.views} · 点赞 {p.likes}
              </p>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
