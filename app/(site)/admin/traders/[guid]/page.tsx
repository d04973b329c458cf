import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { notFound } from "next/navigation";
import { MasterForm } from "@/components/admin/masters/MasterForm";
import { DeleteNote, NoteForm } from "@/components/admin/masters/NoteForm";
import { AuditBadge } from "@/components/statements/AuditBadge";
import { StatementActions } from "@/components/admin/masters/StatementActions";
import { StatementUploadForm } from "@/components/admin/masters/StatementUploadForm";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { BackLink } from "@/components/admin/list/BackLink";
import { Pill } from "@/components/ui/Pill";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { formatDateTime } from "@/lib/domain/format";
import { isGuid } from "@/lib/domain/route-params";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { adminMasterDetail } from "@/lib/server/statements/admin-list";

export const metadata: Metadata = { title: "编辑大神", robots: { index: false } };

type Props = { params: Promise<{ guid: string }> };

const SOURCE_LABELS = { file: "文件", demo: "演示数据" } as const;
/** Skipped rows listed per statement on this page (the upload answer lists more). */
const SKIPPED_LISTED = 50;

type StatementRow = NonNullable<Awaited<ReturnType<typeof adminMasterDetail>>>["statements"][number];

/** The file, what was skipped and why, and the warnings of its import. */
function StatementFile({ statement: s }: { statement: StatementRow }) {
  return (
    <>
      <div className="break-all font-medium text-slate-900">{s.fileName}</div>
      <div className="text-xs text-slate-500">
        {SOURCE_LABELS[s.source]} · 资金记录 {s.eventCount} 条
      </div>
      {s.skipped.length > 0 ? (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-amber-800">跳过 {s.skipped.length} 行</summary>
          <ul className="mt-1 max-h-40 overflow-y-auto text-slate-600">
            {s.skipped.slice(0, SKIPPED_LISTED).map((k) => (
              <li key={`${k.line}-${k.reason}`}>第 {k.line} 行：{k.reason}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {s.warnings.length > 0 ? (
        <ul className="mt-1 text-xs text-amber-800">
          {s.warnings.map((w) => <li key={w}>{w}</li>)}
        </ul>
      ) : null}
      <div className="mt-1"><AuditBadge audit={s.audit} /></div>
      {s.audit.failures.length > 0 ? (
        <details className="mt-1 text-xs" data-testid="admin-audit-failures">
          <summary className="cursor-pointer text-red-700">体检未通过 {s.audit.failures.length} 项（可在下方“交易日点评”为当天写说明，公开后一并显示）</summary>
          <ul className="mt-1 max-h-40 overflow-y-auto text-slate-600">
            {s.audit.failures.slice(0, SKIPPED_LISTED).map((f, i) => (
              <li key={`${f.date}-${f.code}-${i}`}>{f.date} {f.name}（{f.code}）：{f.message}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function statementTable(guid: string): CardTableSpec<StatementRow> {
  return {
    rowKey: (s) => s.id, minWidth: 960, testId: "admin-statements", rowTestId: "admin-statement-row", rowData: (s) => ({ "data-public": s.isPublic }),
    columns: [
      { header: "文件", className: "max-w-[240px]", cell: (s) => <StatementFile statement={s} /> },
      { header: "SHA-256", className: "font-mono text-xs", cell: (s) => <span title={s.fileHash}>{s.fileHash.slice(0, 12)}</span> },
      { header: "格式", cell: (s) => s.formatLabel },
      { header: "成交", align: "right", cell: (s) => s.fillCount },
      { header: "日期范围", nowrap: true, className: "tabular-nums", cell: (s) => (s.firstDate ? `${s.firstDate} 至 ${s.lastDate ?? s.firstDate}` : "—") },
      {
        header: "状态",
        cell: (s) => (s.isPublic ? <Pill className="bg-green-50 text-green-800">已公开</Pill> : <Pill className="bg-slate-100 text-slate-600">草稿</Pill>),
      },
      { header: "导入时间", nowrap: true, className: "tabular-nums", cell: (s) => formatDateTime(s.createdAt) },
      { header: "操作", cell: (s) => <StatementActions guid={guid} statementId={s.id} fileName={s.fileName} isPublic={s.isPublic} /> },
    ],
  };
}

export default async function AdminTraderPage({ params }: Props) {
  const viewer = await requireEditorRights();
  const { guid } = await params;
  if (!isGuid(guid)) notFound();
  const detail = await adminMasterDetail(viewer, guid);
  if (!detail) notFound();
  const { master, statements, notes } = detail;
  const published = statements.filter((s) => s.isPublic).length;

  return (
    <>
      <PageIntro title={master.name} aside={<BackLink href="/admin/traders">返回大神列表</BackLink>}>
        {master.isDemo ? <Pill className="mr-1.5 bg-amber-50 text-amber-800">演示数据</Pill> : null}
        {master.disclosureDelayDays === 0 ? "成交即时公开" : `成交在 ${master.disclosureDelayDays} 个交易日后对会员公开`}
        {" · "}
        <Link href={`/detail/${master.guid}`} className="text-brand underline">交易详情页</Link>
        {" · "}
        <Link href={`/analysis/${master.guid}`} className="text-brand underline">分析页</Link>
      </PageIntro>

      <Section title="资料与延迟公开">
        <Card>
          <MasterForm
            key={`${master.name}|${master.bio}|${master.styleTags.join(",")}|${master.disclosureDelayDays}`}
            guid={master.guid}
            initial={{ name: master.name, bio: master.bio, styleTags: master.styleTags, disclosureDelayDays: master.disclosureDelayDays }}
          />
        </Card>
      </Section>

      <Section title="上传交割单">
        <Card>
          <StatementUploadForm guid={master.guid} />
        </Card>
      </Section>

      <Section title={`交割单（${statements.length}，已公开 ${published}）`}>
        <CardTable {...statementTable(master.guid)} rows={statements} empty={<EmptyState title="还没有交割单">上传券商导出的交割单后，这里会列出每个文件的来源与内容。</EmptyState>} />
      </Section>

      <Section title="交易日点评">
        <Card className="mb-4">
          <NoteForm guid={master.guid} />
        </Card>
        {notes.length === 0 ? (
          <EmptyState title="还没有点评" />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="admin-notes">
            {notes.map((n) => (
              <li key={`${n.tradeDate}-${n.code}`} className="flex items-start gap-3 px-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900 tabular-nums">
                    {n.tradeDate}
                    <span className="ml-2 font-mono text-slate-600">{n.code || "全天"}</span>
                    <span className="ml-2 text-xs font-normal text-slate-500">{formatDateTime(n.updatedAt)}</span>
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{n.note}</p>
                </div>
                <DeleteNote guid={master.guid} tradeDate={n.tradeDate} code={n.code} />
              </li>
            ))}
          </ul>
        )}
        {notes.length >= 100 ? <p className="mt-2 text-xs text-slate-500">显示最近的 100 条。</p> : null}
      </Section>
    </>
  );
}
