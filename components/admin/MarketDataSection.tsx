import type { ReactNode } from "react";
import { Card, Section } from "@/components/content/PageIntro";
import { formatDateTime } from "@/lib/domain/format";
import { SYNC_STATUS_LABELS, SYNC_TRIGGER_LABELS, syncTargetLabel, type MarketSyncOverview } from "@/lib/domain/market/sync-overview";
import { MarketSyncButton } from "./MarketSyncButton";
import { cn } from "@/components/ui/cn";

const STATUS_TONE = {
  running: "bg-sky-50 text-sky-800 ring-sky-200",
  ok: "bg-green-50 text-green-800 ring-green-200",
  partial: "bg-amber-50 text-amber-800 ring-amber-200",
  failed: "bg-red-50 text-red-700 ring-red-200",
} as const;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-slate-100 py-3 first:border-t-0 first:pt-0 last:pb-0 sm:grid-cols-[7rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** /admin's 行情数据: the provider, the last sync and its failures, the next daily sync, and the 同步行情 button. */
export function MarketDataSection({ overview }: { overview: MarketSyncOverview }) {
  const { provider, lastRun: run } = overview;
  return (
    <Section title="行情数据" more={<MarketSyncButton />}>
      <Card>
        <dl data-testid="market-data">
          <Row term="数据源">
            {provider.configured ? (
              <span className="font-medium">{provider.label}</span>
            ) : (
              <>
                <span className="font-medium">未配置</span>
                <p className="mt-1 break-words text-slate-600">
                  {overview.setupHint}，然后重启服务；也可以用 <code className="rounded bg-slate-100 px-1 text-xs">npm run cli -- import:bars</code> 导入日线文件。
                </p>
              </>
            )}
            {overview.syntheticStocks > 0 && (
              <p className="mt-1 text-slate-500">演示数据中的 {overview.syntheticStocks} 只股票使用模拟行情，同步不会覆盖它们。</p>
            )}
          </Row>
          <Row term="上次同步">
            {run ? (
              <>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span>{formatDateTime(run.startedAt)}</span>
                  <span className="text-slate-500">{SYNC_TRIGGER_LABELS[run.trigger]}</span>
                  <span className={cn("rounded-full px-2 py-0.5 text-xs ring-1 ring-inset", STATUS_TONE[run.status])}>{SYNC_STATUS_LABELS[run.status]}</span>
                </p>
                <p className="mt-1 text-slate-600">
                  股票 {run.codes} 只 · K 线 {run.bars} 根 · 请求 {run.calls} 次
                </p>
                {run.message && <p className="mt-1 line-clamp-3 break-words text-red-700">{run.message}</p>}
                {run.failures.length > 0 && (
                  <ul className="mt-2 space-y-1" aria-label="同步失败的股票">
                    {run.failures.map((f) => (
                      // A provider's answer can be long (an error page): three lines here, the whole of it in the log.
                      <li key={f.code} className="line-clamp-3 break-words text-slate-700">
                        <span className="mr-2 font-mono text-xs text-slate-900">{syncTargetLabel(f.code)}</span>
                        {f.message}
                      </li>
                    ))}
                    {run.moreFailures > 0 && <li className="text-slate-500">另有 {run.moreFailures} 只失败</li>}
                  </ul>
                )}
              </>
            ) : (
              <span className="text-slate-500">尚未同步</span>
            )}
          </Row>
          <Row term="自动同步">
            {overview.nextDaily ? (
              <span>下次 {formatDateTime(overview.nextDaily.runAfter).slice(0, 16)}（每个交易日收盘后 16:00）</span>
            ) : provider.configured ? (
              <span className="text-slate-500">每个交易日收盘后 16:00，服务启动后安排</span>
            ) : (
              <span className="text-slate-500">未配置数据源，不会自动同步</span>
            )}
            {overview.queued > 0 && <p className="mt-1 text-slate-600">排队中的同步任务 {overview.queued} 个</p>}
          </Row>
        </dl>
      </Card>
    </Section>
  );
}
