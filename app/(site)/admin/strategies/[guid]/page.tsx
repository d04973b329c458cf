import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ConfirmAction } from "@/components/admin/ConfirmAction";
import { CardTable, type CardTableSpec } from "@/components/ui/table/CardTable";
import { BackLink } from "@/components/admin/list/BackLink";
import { Pill } from "@/components/ui/Pill";
import { CsvUploadForm } from "@/components/admin/strategies/CsvUploadForm";
import { NewKeyPanel } from "@/components/admin/strategies/NewKeyPanel";
import { ingestPath, STATUS_CLASSES, STATUS_LABELS, strategyApi } from "@/components/admin/strategies/strategies-api";
import { StrategyForm } from "@/components/admin/strategies/StrategyForm";
import { EmptyState } from "@/components/content/EmptyState";
import { Card, PageIntro, Section } from "@/components/content/PageIntro";
import { formatDateTime } from "@/lib/domain/format";
import { isGuid } from "@/lib/domain/route-params";
import { requireEditorRights } from "@/lib/server/auth/gate";
import { hasAdminRights } from "@/lib/server/auth/roles";
import type { StrategyKeyRow } from "@/lib/server/quant/api-keys";
import { adminStrategyDetail } from "@/lib/server/quant/strategies-admin";

export const metadata: Metadata = { title: "管理策略", robots: { index: false } };

type Props = { params: Promise<{ guid: string }> };

const INGEST_DOCS = [
  ["signals", '{"signals":[{"id","date","time"?,"code","name","side","price"?,"weight"?,"note"?}]}'],
  ["nav", '{"points":[{"id"?,"date","nav"}]}'],
  ["fills", '{"fills":[{"id","date","time"?,"code","name","side","quantity","price"}]}'],
] as const;

function keyTable(guid: string): CardTableSpec<StrategyKeyRow> {
  return {
    rowKey: (k) => k.id, minWidth: 640, testId: "admin-strategy-keys", rowTestId: "admin-strategy-key",
    columns: [
      { header: "密钥", className: "font-mono text-xs", cell: (k) => `${k.prefix}…` },
      { header: "创建时间", nowrap: true, className: "tabular-nums", cell: (k) => formatDateTime(k.createdAt) },
      { header: "最近使用", nowrap: true, className: "tabular-nums", cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "从未使用") },
      {
        header: "状态",
        cell: (k) => (k.revokedAt ? <Pill className="bg-slate-100 text-slate-600">已吊销 {formatDateTime(k.revokedAt)}</Pill> : <Pill className="bg-green-50 text-green-800">有效</Pill>),
      },
      {
        header: "操作",
        cell: (k) =>
          k.revokedAt ? null : (
            <ConfirmAction
              label="吊销"
              ariaLabel={`吊销密钥 ${k.prefix}`}
              danger
              title="吊销接入密钥"
              confirmText="吊销"
              endpoint={strategyApi(guid)}
              payload={{ action: "revokeKey", keyId: k.id }}
              success="密钥已吊销"
            >
              吊销后，使用 <code className="font-mono">{k.prefix}…</code> 的程序会立即收到 401，无法再推送数据。此操作不可撤销。
            </ConfirmAction>
          ),
      },
    ],
  };
}

const range = (n: number, first: string | null, last: string | null) => (n === 0 ? "无" : first && first !== last ? `${n}（${first} 至 ${last}）` : `${n}（最新 ${last ?? "—"}）`);

export default async function AdminStrategyPage({ params }: Props) {
  const viewer = await requireEditorRights();
  const { guid } = await params;
  if (!isGuid(guid)) notFound();
  const detail = await adminStrategyDetail(viewer, guid.toLowerCase());
  if (!detail) notFound();
  const { strategy: s, keys } = detail;
  const live = keys.filter((k) => !k.revokedAt).length;
  const admin = hasAdminRights(viewer);

  return (
    <>
      <PageIntro title={s.name} aside={<BackLink href="/admin/strategies">返回策略列表</BackLink>}>
        <Pill className={`mr-1.5 ${STATUS_CLASSES[s.status]}`}>{STATUS_LABELS[s.status]}</Pill>
        {s.isDemo ? <Pill className="mr-1.5 bg-amber-50 text-amber-800">演示数据</Pill> : null}
        {s.author} · 开始于 {s.startDate} · 净值 {range(detail.navPoints, detail.firstNavDate, detail.lastNavDate)} · 成交 {detail.fills} 笔 · 信号 {detail.signals} 条
      </PageIntro>

      <Section title="策略资料">
        <Card>
          <StrategyForm
            key={`${s.name}|${s.author}|${s.description}|${s.style}|${s.status}|${s.startDate}|${s.benchmark}`}
            guid={s.guid}
            initial={{ name: s.name, author: s.author, description: s.description, style: s.style, status: s.status, startDate: s.startDate, benchmark: s.benchmark }}
            dataLocked={!admin}
          />
        </Card>
      </Section>

      {admin ? (
        <>
          <Section title={`接入密钥（有效 ${live}）`}>
            <Card className="mb-4">
              <NewKeyPanel guid={s.guid} />
            </Card>
            <CardTable {...keyTable(s.guid)} rows={keys} empty={<EmptyState title="还没有密钥">创建密钥后，策略程序即可推送信号、净值和成交。</EmptyState>} />
            <details className="mt-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700">
              <summary className="cursor-pointer font-medium">接入说明</summary>
              <p className="mt-2">请求头 <code className="font-mono">Authorization: Bearer &lt;密钥&gt;</code>，JSON 请求体不超过 256 KB，每把密钥每分钟最多 120 次。同一编号（id）重发不会重复保存；内容不同则返回 409。</p>
              <ul className="mt-2 space-y-1 break-all font-mono text-xs">
                {INGEST_DOCS.map(([kind, body]) => (
                  <li key={kind}>POST {ingestPath(s.guid, kind)} {body}</li>
                ))}
              </ul>
              {s.status === "backtest" ? <p className="mt-2 text-amber-800">回测策略不接收实时信号（返回 409），净值与成交可以导入。</p> : null}
            </details>
          </Section>

          <Section title="导入净值">
            <Card>
              <CsvUploadForm guid={s.guid} kind="nav" />
            </Card>
          </Section>

          <Section title="导入成交">
            <Card>
              <CsvUploadForm guid={s.guid} kind="fills" />
            </Card>
          </Section>
        </>
      ) : null}
    </>
  );
}
