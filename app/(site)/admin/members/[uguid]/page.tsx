import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { notFound } from "next/navigation";
import { AddGrantForm } from "@/components/admin/AddGrantForm";
import { EndGrant } from "@/components/admin/EndGrant";
import { ReferralReview } from "@/components/admin/ReferralReview";
import { GRANT_SOURCE_LABELS, GRANT_STATE_LABELS, REFERRAL_STATUS_LABELS, ROLE_LABELS } from "@/components/admin/labels";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { BackLink } from "@/components/admin/list/BackLink";
import { Pill } from "@/components/ui/Pill";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { formatDate, formatDateTime } from "@/lib/domain/format";
import { holdReasonText } from "@/lib/domain/referral-rules";
import { memberDetail, type GrantItem, type InviteeItem } from "@/lib/server/admin/members";
import { requireAdminRights } from "@/lib/server/auth/gate";
import { validatedParams } from "@/lib/server/routing";
import { maskMobile } from "@/lib/domain/mask";

export const metadata: Metadata = { title: "会员详情", robots: { index: false } };

type Props = { params: Promise<{ uguid: string }> };

const STATE_TONE = { active: "bg-green-50 text-green-800", upcoming: "bg-blue-50 text-blue-800", ended: "bg-slate-100 text-slate-500" } as const;
const STATUS_TONE = { granted: "bg-green-50 text-green-800", held: "bg-amber-50 text-amber-800", rejected: "bg-slate-100 text-slate-600" } as const;

const GRANT_TABLE: CardTableSpec<GrantItem> = {
  rowKey: (g) => g.id, minWidth: 860, testId: "member-grants", rowTestId: "grant-row", rowData: (g) => ({ "data-state": g.state }),
  columns: [
    { header: "等级", className: "font-medium", cell: (g) => g.level.levelName },
    { header: "状态", cell: (g) => <Pill className={STATE_TONE[g.state]}>{GRANT_STATE_LABELS[g.state]}</Pill> },
    { header: "开始", nowrap: true, className: "tabular-nums", cell: (g) => formatDateTime(g.startsAt) },
    { header: "结束", nowrap: true, className: "tabular-nums", cell: (g) => formatDateTime(g.endsAt) },
    { header: "来源", nowrap: true, cell: (g) => GRANT_SOURCE_LABELS[g.source] },
    { header: "来源键", className: "max-w-[260px] break-all font-mono text-xs text-slate-600", cell: (g) => g.sourceKey },
    {
      header: "操作",
      cell: (g) =>
        g.state === "active" ? <EndGrant grantId={g.id} description={`${g.level.levelName}（${formatDate(g.startsAt)} 至 ${formatDate(g.endsAt)}）`} /> : null,
    },
  ],
};

const INVITEE_TABLE: CardTableSpec<InviteeItem> = {
  rowKey: (i) => i.referralId, minWidth: 560, testId: "member-invitees",
  columns: [
    { header: "好友", cell: (i) => <Link href={`/admin/members/${i.invitee.id}`} className="text-brand hover:underline">{i.invitee.nickname}</Link> },
    { header: "注册时间", nowrap: true, className: "tabular-nums", cell: (i) => formatDateTime(i.createdAt) },
    { header: "奖励状态", cell: (i) => <Pill className={STATUS_TONE[i.status]}>{REFERRAL_STATUS_LABELS[i.status]}</Pill> },
    { header: "待审核原因", cell: (i) => holdReasonText(i.holdReason) },
  ],
};

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-[15px] text-slate-900" data-testid={testId}>{children}</dd>
    </div>
  );
}

export default async function AdminMemberPage({ params }: Props) {
  const viewer = await requireAdminRights();
  const { uguid } = validatedParams("adminMember", ["admin", "members", (await params).uguid]);
  const detail = await memberDetail(viewer, uguid!);
  if (!detail) notFound();
  const { member, grants, referral, invitees, inviteeTotal } = detail;

  return (
    <>
      <PageIntro
        title={member.nickname}
        aside={<BackLink href="/admin/members">返回会员列表</BackLink>}
      >
        会员详情
      </PageIntro>

      <Card className="mb-8">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <Fact label="会员等级" testId="member-level">{member.level.levelName}</Fact>
          <Fact label="到期日" testId="member-level-end">{member.levelEndDate || "—"}</Fact>
          <Fact label="角色">{ROLE_LABELS[member.role]}</Fact>
          <Fact label="注册时间">{formatDate(member.createdAt)}</Fact>
          <Fact label="邮箱" testId="member-email">{member.email ?? "—"}</Fact>
          <Fact label="手机号">{maskMobile(member.mobile) ?? "—"}</Fact>
          <Fact label="邀请码"><span className="font-mono">{member.invitationCode}</span></Fact>
          <Fact label="会员编号"><span className="font-mono text-xs">{member.id}</span></Fact>
        </dl>
      </Card>

      <Section title="会员授权">
        <Card className="mb-4">
          <AddGrantForm userId={member.id} />
          <p className="mt-3 text-xs text-slate-500">新授权接在同等级当前有效期之后；来源记为“管理员”。</p>
        </Card>
        <CardTable {...GRANT_TABLE} rows={grants} empty={<EmptyState title="还没有任何授权" />} />
      </Section>

      <Section title="邀请来源">
        {referral ? (
          <Card>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4" data-testid="member-referral">
              <Fact label="邀请人">
                <Link href={`/admin/members/${referral.inviter.id}`} className="text-brand hover:underline">{referral.inviter.nickname}</Link>
              </Fact>
              <Fact label="奖励状态">
                <Pill className={STATUS_TONE[referral.status]} testId="referral-status">{REFERRAL_STATUS_LABELS[referral.status]}</Pill>
              </Fact>
              <Fact label="待审核原因">{holdReasonText(referral.holdReason)}</Fact>
              <Fact label="注册时间">{formatDateTime(referral.createdAt)}</Fact>
              <Fact label="处理人">{referral.decidedBy?.nickname ?? "—"}</Fact>
              <Fact label="处理时间">{referral.decidedAt ? formatDateTime(referral.decidedAt) : "—"}</Fact>
            </dl>
            {referral.status === "held" ? (
              <div className="mt-4 border-t border-slate-100 pt-3">
                <ReferralReview referralId={referral.id} invitee={member.nickname} />
              </div>
            ) : null}
          </Card>
        ) : (
          <EmptyState title="不是通过邀请注册的" />
        )}
      </Section>

      <Section title={`邀请的好友（${inviteeTotal}）`}>
        <CardTable {...INVITEE_TABLE} rows={invitees} empty={<EmptyState title="还没有邀请过好友" />} />
        {inviteeTotal > invitees.length ? <p className="mt-2 text-xs text-slate-500">显示最近的 {invitees.length} 位。</p> : null}
      </Section>
    </>
  );
}
