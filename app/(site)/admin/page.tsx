import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { ChevronRight, CreditCard, FileText, LineChart, Sigma, Users } from "lucide-react";
import { MarketDataSection } from "@/components/admin/MarketDataSection";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { formatDateTime } from "@/lib/domain/format";
import { adminOverview } from "@/lib/server/admin/overview";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { hasAdminRights } from "@/lib/server/auth/roles";
import { marketSyncOverview } from "@/lib/server/market/sync/admin";

export const metadata: Metadata = { title: "管理后台", robots: { index: false } };

/** `adminOnly` sections are not offered to editors; their pages refuse editors too (ADR 0028). */
const ADMIN_SECTIONS = [
  { href: "/admin/members", title: "会员管理", hint: "查找会员、调整授权、审核邀请奖励", Icon: Users, adminOnly: true },
  { href: "/admin/traders", title: "大神管理", hint: "创建大神、上传交割单、延迟公开与交易日点评", Icon: LineChart, adminOnly: false },
  { href: "/admin/strategies", title: "策略管理", hint: "创建策略、接入密钥、导入净值与成交", editorHint: "编辑策略名称、作者、风格与简介", Icon: Sigma, adminOnly: false },
  { href: "/admin/articles", title: "文章管理", hint: "撰写与发布文章视频、隐藏会员博客", Icon: FileText, adminOnly: false },
  { href: "/admin/plans", title: "会员套餐", hint: "调整价格、上下架套餐", Icon: CreditCard, adminOnly: true },
] as const;

type ErrorReport = Awaited<ReturnType<typeof adminOverview>>["reports"][number];

const REPORT_TABLE: CardTableSpec<ErrorReport> = {
  rowKey: (r) => r.id, minWidth: 640,
  columns: [
    { header: "时间", nowrap: true, cell: (r) => formatDateTime(r.createdAt) },
    { header: "类别", cell: (r) => r.innerException },
    { header: "页面", className: "max-w-[200px] truncate", cell: (r) => r.requestUrl },
    { header: "错误", className: "max-w-[360px] truncate font-mono text-xs", cell: (r) => r.exception },
  ],
};

export default async function AdminPage() {
  const viewer = await requireEditorRights();
  const admin = hasAdminRights(viewer);
  const [o, market] = await Promise.all([adminOverview(viewer), admin ? marketSyncOverview(viewer) : null]);
  const sections = ADMIN_SECTIONS.filter((s) => admin || !s.adminOnly);
  const stats = [["会员", o.members], ["文章", o.articles], ["大神", o.masters], ["策略", o.strategies]] as const;
  return (
    <>
      <PageIntro title="管理后台">{admin ? "管理员" : "编辑"}：{viewer.userInfo.nickName}</PageIntro>
      <nav aria-label="管理功能" className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map(({ href, title, hint, Icon, ...section }) => (
          <Link
            key={href}
            href={href}
            className="flex min-h-12 items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-brand"
          >
            <Icon aria-hidden size={20} className="shrink-0 text-brand" />
            <span className="flex-1">
              <span className="block font-medium text-slate-900">{title}</span>
              <span className="block text-xs text-slate-500">{!admin && "editorHint" in section ? section.editorHint : hint}</span>
            </span>
            <ChevronRight aria-hidden size={18} className="text-slate-500" />
          </Link>
        ))}
      </nav>
      <div className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([label, n]) => (
          <Card key={label}>
            <p className="text-sm text-slate-500">{label}</p>
            <p className="mt-1 text-2xl font-semibold" data-testid={`admin-count-${label}`}>{n}</p>
          </Card>
        ))}
      </div>
      {market && <MarketDataSection overview={market} />}
      <Section title="前端错误报告（最近 20 条）">
        <CardTable {...REPORT_TABLE} rows={o.reports} empty={<EmptyState title="暂无错误报告" />} />
      </Section>
    </>
  );
}
