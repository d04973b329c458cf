import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { notFound } from "next/navigation";
import { BlogPostList } from "@/components/blog/BlogPostList";
import { EmptyState } from "@/components/content/EmptyState";
import { MasterAvatar } from "@/components/content/MasterList";
import { Card, Section } from "@/components/content/PageIntro";
import { Pagination } from "@/components/content/Pagination";
import { Button } from "@/components/ui/Button";
import { formatDate } from "@/lib/domain/format";
import { parsePageIndex } from "@/lib/domain/route-params";
import { requireViewer } from "@/lib/server/auth/gate";
import { getViewer } from "@/lib/server/auth/viewer";
import { statementsOnMemberPage } from "@/lib/server/statements/own";
import { listMemberPosts } from "@/lib/server/blog/posts";
import { publicMember } from "@/lib/server/content/members";
import { validatedParams } from "@/lib/server/routing";

type Props = { params: Promise<{ rest?: string[] }> };

/** Without a uguid the page is one's own (login needed); with one, anybody's public page. */
async function load(params: Props["params"]) {
  const { rest = [] } = await params;
  const p = validatedParams("user", ["user", ...rest]);
  const uguid = p.uguid ?? (await requireViewer()).userId;
  const member = await publicMember(uguid);
  if (!member) notFound();
  return { member, page: parsePageIndex(p.pageIndex) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { member } = await load(params);
  return { title: `${member.nickname}的主页`, description: `${member.nickname}在量化学堂的博客文章。` };
}

export default async function UserPage({ params }: Props) {
  const { member, page } = await load(params);
  const viewer = await getViewer();
  const posts = await listMemberPosts(viewer, member.uguid, page);
  const own = viewer?.userId === member.uguid;
  const shared = page === 1 ? await statementsOnMemberPage(viewer, member.uguid) : [];
  return (
    <>
      <Card className="mb-6 flex items-center gap-4">
        <MasterAvatar name={member.nickname} avatarUrl={member.avatarUrl} size={56} />
        <div>
          <h1 className="text-xl font-semibold">{member.nickname}</h1>
          <p className="text-sm text-slate-500">{formatDate(member.joinedAt)} 加入</p>
        </div>
      </Card>
      {shared.length ? (
        <Section title="交割单">
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {shared.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <Link prefetch={false} className="font-medium text-slate-900 hover:text-brand" href={`/analysis/${s.id}`}>{s.title || s.fileName}</Link>
                <span className="text-xs text-slate-500">
                  {s.firstDate && s.lastDate ? `${s.firstDate} 至 ${s.lastDate} · ` : ""}{s.fillCount} 笔成交{s.isPublic ? "" : " · 仅自己可见"}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section
        title="博客"
        more={own ? <Button asChild size="sm"><Link href="/user/blog">写博客</Link></Button> : null}
      >
        {posts.items.length ? <BlogPostList uguid={member.uguid} items={posts.items} /> : <EmptyState title="还没有发表博客" />}
        <Pagination base={`/user/${member.uguid}`} page={page} total={posts.total} pageSize={posts.pageSize} />
      </Section>
    </>
  );
}
