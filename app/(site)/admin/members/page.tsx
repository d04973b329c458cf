import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { ReferralReview } from "@/components/admin/ReferralReview";
import { ROLE_LABELS } from "@/components/admin/labels";
import { AdminPager } from "@/components/admin/list/AdminPager";
import { AdminSearch } from "@/components/admin/list/AdminSearch";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { BackLink } from "@/components/admin/list/BackLink";
import { adminListQuery } from "@/components/admin/list/list-query";
import { EmptyState } from "@/components/content/EmptyState";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { formatDate, formatDateTime } from "@/lib/domain/format";
import { maskMobile } from "@/lib/domain/mask";
import { holdReasonText } from "@/lib/domain/referral-rules";
import { MAX_QUERY_LENGTH, searchMembers, type MemberSummary, type PersonRef } from "@/lib/server/admin/members";
import { requireAdminRights } from "@/lib/server/auth/gate";
import { heldReferrals, type HeldReferral } from "@/lib/server/referrals/review";

export const metadata: Metadata = { title: "会员管理", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const Query = adminListQuery(MAX_QUERY_LENGTH);

function Person({ person, strong }: { person: PersonRef; strong?: boolean }) {
  return (
    <>
      <Link prefetch={false} href={`/admin/members/${person.id}`} className={strong ? "font-medium text-brand hover:underline" : "text-brand hover:underline"}>{person.nickname}</Link>
      <div className="text-xs text-slate-500">{[maskMobile(person.mobile), person.email].filter(Boolean).join(" / ")}</div>
    </>
  );
}

const HELD_TABLE: CardTableSpec<HeldReferral> = {
  rowKey: (r) => r.id, minWidth: 720, testId: "held-referrals",
  columns: [
    { header: "注册时间", nowrap: true, cell: (r) => formatDateTime(r.createdAt) },
    { header: "被邀请人", cell: (r) => <Person person={r.invitee} strong /> },
    { header: "邀请人", cell: (r) => <Person person={r.inviter} /> },
    { header: "待审核原因", className: "min-w-[12rem] max-w-[240px]", cell: (r) => holdReasonText(r.holdReason) },
    { header: "操作", cell: (r) => <ReferralReview referralId={r.id} invitee={r.invitee.nickname} /> },
  ],
};

const MEMBER_TABLE: CardTableSpec<MemberSummary> = {
  rowKey: (m) => m.id, minWidth: 760, testId: "member-results",
  columns: [
    {
      header: "昵称",
      cell: (m) => (
        <>
          <Link prefetch={false} href={`/admin/members/${m.id}`} className="font-medium text-brand hover:underline">{m.nickname}</Link>
          {m.role !== "member" ? <span className="ml-1.5 rounded bg-slate-100 px-1.5 py-px text-xs text-slate-600">{ROLE_LABELS[m.role]}</span> : null}
        </>
      ),
    },
    { header: "邮箱", cell: (m) => m.email ?? "—" },
    { header: "手机号", className: "tabular-nums", cell: (m) => maskMobile(m.mobile) ?? "—" },
    { header: "邀请码", className: "font-mono", cell: (m) => m.invitationCode },
    { header: "等级", cell: (m) => m.level.levelName },
    { header: "到期日", nowrap: true, className: "tabular-nums", cell: (m) => m.levelEndDate || "—" },
    { header: "注册日期", nowrap: true, className: "tabular-nums", cell: (m) => formatDate(m.createdAt) },
  ],
};

export default async function AdminMembersPage({ searchParams }: Props) {
  const viewer = await requireAdminRights();
  const { q, page } = Query.parse(await searchParams);
  const [result, held] = await Promise.all([searchMembers(viewer, { query: q ?? "", page: page ?? 1 }), heldReferrals(viewer)]);

  return (
    <>
      <PageIntro title="会员管理" aside={<BackLink href="/admin">返回管理后台</BackLink>}>
        查找会员、调整会员授权、审核邀请奖励
      </PageIntro>

      <Section title={`待审核的邀请奖励（${held.total}）`}>
        <CardTable {...HELD_TABLE} rows={held.items} empty={<EmptyState title="暂无待审核的邀请奖励" />} />
        {held.total > held.items.length ? (
          <p className="mt-2 text-xs text-slate-500">显示最早的 {held.items.length} 条，处理后会显示其余的。</p>
        ) : null}
      </Section>

      <Section title="查找会员">
        <AdminSearch action="/admin/members" id="member-search" label="邮箱、手机号、昵称或邀请码" query={result.query} maxLength={MAX_QUERY_LENGTH} />
        <p className="mb-2 text-sm text-slate-500" data-testid="member-total">
          {result.query ? `“${result.query}”` : "全部会员"}：共 {result.total} 人
        </p>
        <CardTable {...MEMBER_TABLE} rows={result.items} empty={<EmptyState title="没有找到会员">换个关键词试试：邮箱、手机号、昵称或邀请码都可以。</EmptyState>} />
        <AdminPager path="/admin/members" filters={{ q: result.query }} page={result.page} total={result.total} pageSize={result.pageSize} />
      </Section>
    </>
  );
}
