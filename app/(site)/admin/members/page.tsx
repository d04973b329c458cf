import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { ReferralReview } from "@/components/admin/ReferralReview";
import { ROLE_LABELS, cellClass, tableClass, tableWrapClass, theadClass } from "@/components/admin/labels";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { formatDate, formatDateTime } from "@/lib/domain/format";
import { holdReasonText } from "@/lib/domain/referral-rules";
import { MAX_QUERY_LENGTH, searchMembers } from "@/lib/server/admin/members";
import { requireAdminRights } from "@/lib/server/auth/gate";
import { heldReferrals } from "@/lib/server/referrals/review";
import { maskMobile } from "@/lib/domain/mask";

export const metadata: Metadata = { title: "会员管理", robots: { index: false } };

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const Query = z.object({
  q: z.preprocess(first, z.string().transform((s) => s.trim().slice(0, MAX_QUERY_LENGTH))).optional().catch(undefined),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000)).optional().catch(undefined),
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function pageHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/admin/members?${s}` : "/admin/members";
}

const contact = (email: string | null, mobile: string | null) => [maskMobile(mobile), email].filter(Boolean).join(" / ");

export default async function AdminMembersPage({ searchParams }: Props) {
  const viewer = await requireAdminRights();
  const { q, page } = Query.parse(await searchParams);
  const [result, held] = await Promise.all([searchMembers(viewer, { query: q ?? "", page: page ?? 1 }), heldReferrals(viewer)]);
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));

  return (
    <>
      <PageIntro
        title="会员管理"
        aside={<Link href="/admin" className="text-sm text-brand hover:underline">返回管理后台</Link>}
      >
        查找会员、调整会员授权、审核邀请奖励
      </PageIntro>

      <Section title={`待审核的邀请奖励（${held.total}）`}>
        {held.items.length === 0 ? (
          <EmptyState title="暂无待审核的邀请奖励" />
        ) : (
          <div className={tableWrapClass} data-testid="held-referrals">
            <table className={`${tableClass} min-w-[720px]`}>
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}>注册时间</th>
                  <th className={cellClass}>被邀请人</th>
                  <th className={cellClass}>邀请人</th>
                  <th className={cellClass}>待审核原因</th>
                  <th className={cellClass}>操作</th>
                </tr>
              </thead>
              <tbody>
                {held.items.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100 align-top">
                    <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
                    <td className={cellClass}>
                      <Link href={`/admin/members/${r.invitee.id}`} className="font-medium text-brand hover:underline">{r.invitee.nickname}</Link>
                      <div className="text-xs text-slate-500">{contact(r.invitee.email, r.invitee.mobile)}</div>
                    </td>
                    <td className={cellClass}>
                      <Link href={`/admin/members/${r.inviter.id}`} className="text-brand hover:underline">{r.inviter.nickname}</Link>
                      <div className="text-xs text-slate-500">{contact(r.inviter.email, r.inviter.mobile)}</div>
                    </td>
                    <td className={`${cellClass} min-w-[12rem] max-w-[240px]`}>{holdReasonText(r.holdReason)}</td>
                    <td className={cellClass}><ReferralReview referralId={r.id} invitee={r.invitee.nickname} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {held.total > held.items.length ? (
          <p className="mt-2 text-xs text-slate-500">显示最早的 {held.items.length} 条，处理后会显示其余的。</p>
        ) : null}
      </Section>

      <Section title="查找会员">
        <form role="search" action="/admin/members" method="get" className="mb-4 flex gap-2">
          <label htmlFor="member-search" className="sr-only">邮箱、手机号、昵称或邀请码</label>
          <input
            id="member-search"
            name="q"
            type="search"
            defaultValue={result.query}
            maxLength={MAX_QUERY_LENGTH}
            placeholder="邮箱、手机号、昵称或邀请码"
            className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand"
          />
          <button type="submit" className="inline-flex h-11 shrink-0 items-center rounded-lg bg-brand px-4 font-medium text-white">搜索</button>
        </form>
        <p className="mb-2 text-sm text-slate-500" data-testid="member-total">
          {result.query ? `“${result.query}”` : "全部会员"}：共 {result.total} 人
        </p>
        {result.items.length === 0 ? (
          <EmptyState title="没有找到会员">换个关键词试试：邮箱、手机号、昵称或邀请码都可以。</EmptyState>
        ) : (
          <div className={tableWrapClass}>
            <table className={`${tableClass} min-w-[760px]`} data-testid="member-results">
              <thead className={theadClass}>
                <tr>
                  <th className={cellClass}>昵称</th>
                  <th className={cellClass}>邮箱</th>
                  <th className={cellClass}>手机号</th>
                  <th className={cellClass}>邀请码</th>
                  <th className={cellClass}>等级</th>
                  <th className={cellClass}>到期日</th>
                  <th className={cellClass}>注册日期</th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((m) => (
                  <tr key={m.id} className="border-t border-slate-100">
                    <td className={cellClass}>
                      <Link href={`/admin/members/${m.id}`} className="font-medium text-brand hover:underline">{m.nickname}</Link>
                      {m.role !== "member" ? <span className="ml-1.5 rounded bg-slate-100 px-1.5 py-px text-xs text-slate-600">{ROLE_LABELS[m.role]}</span> : null}
                    </td>
                    <td className={cellClass}>{m.email ?? "—"}</td>
                    <td className={`${cellClass} tabular-nums`}>{maskMobile(m.mobile) ?? "—"}</td>
                    <td className={`${cellClass} font-mono`}>{m.invitationCode}</td>
                    <td className={cellClass}>{m.level.levelName}</td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{m.levelEndDate || "—"}</td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatDate(m.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label="分页" className="mt-4 flex items-center justify-center gap-3 text-sm">
            {result.page > 1 ? (
              <Link className="rounded-lg border border-slate-300 bg-white px-4 py-2" href={pageHref(result.query, result.page - 1)}>上一页</Link>
            ) : null}
            <span className="text-slate-500">第 {result.page} / {pages} 页</span>
            {result.page < pages ? (
              <Link className="rounded-lg border border-slate-300 bg-white px-4 py-2" href={pageHref(result.query, result.page + 1)}>下一页</Link>
            ) : null}
          </nav>
        ) : null}
      </Section>
    </>
  );
}
