"use client";

import Link from "@/components/ui/Link";
import { useId } from "react";
import { FeedbackLine, FilePicker, SubmitButton, tooLargeSays, useRefresh, useSchemaForm } from "@/components/ui/form";
import { notify } from "@/lib/client/toast";
import { STATEMENT_FILE_ACCEPT } from "@/lib/domain/statements/limits";
import { toBulkResults, MASTERS_BULK_API, adminMasterPage, type BulkResult } from "./masters-api";

const bulkSchema = () => import("@/lib/domain/statements/schemas").then((m) => m.BulkStatementsForm);

/**
 * 批量导入 (ADR 0047): several statements at once, one master per file, named by a masters.csv chosen with them or by
 * each file's name. Lists every file's outcome: imported (a link to its master) or the Chinese reason it was not.
 */
export function BulkImportForm() {
  const id = useId();
  const { refreshing, refresh } = useRefresh();
  const { register, setValue, feedback, answer, clear, pending, submitTo } = useSchemaForm(bulkSchema, { files: null, public: true });

  const upload = submitTo(MASTERS_BULK_API, (values) => values, (result) => {
    if (!result.ok) return;
    const failed = toBulkResults(result.body.results).some((r) => !r.ok);
    notify({ type: failed ? "warning" : "success", message: result.message || "批量导入完成" });
    setValue("files", null);
    refresh();
  }, { fallback: tooLargeSays("文件过大或过多，请分批上传") });
  const error = feedback?.tone === "error";
  const results = answer?.ok ? toBulkResults(answer.body.results) : [];
  // A refused masters.csv: its problems after the first, which the message names.
  const problems = answer && !answer.ok ? listedProblems(answer.body.problems).slice(1) : [];

  return (
    <div>
      <form aria-label="批量导入" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" noValidate onSubmit={upload}>
        <FilePicker
          label="交割单文件（可多选，可附 masters.csv）"
          multiple
          accept={STATEMENT_FILE_ACCEPT}
          {...register("files", { onChange: clear })}
          invalid={error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register("public")} className="h-4 w-4 accent-brand" />
          直接公开
        </label>
        <SubmitButton pending={pending || refreshing} block={false} size="md">{pending ? "导入中…" : "批量导入"}</SubmitButton>
      </form>
      <p className="mt-2 text-xs leading-5 text-slate-500">
        每个文件导入给一位大神：名称取自 masters.csv（列：file,name,bio,styleTags,disclosureDelayDays；风格标签用 | 或 、 分隔；延迟 0–60 天），
        没有写进 masters.csv 的文件以文件名为名。已有同名大神时交割单归入该大神。某个文件失败不影响其他文件，也不会留下空的大神。
      </p>
      <FeedbackLine feedback={feedback} id={`${id}-error`} className="mt-3">
        {problems.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => <li key={p}>{p}</li>)}
          </ul>
        ) : null}
      </FeedbackLine>
      {answer && results.length > 0 ? <BulkResults summary={answer.message} results={results} /> : null}
    </div>
  );
}

const listedProblems = (value: unknown): string[] => (Array.isArray(value) ? value.filter((p): p is string => typeof p === "string") : []);

function BulkResults({ summary, results }: { summary: string; results: BulkResult[] }) {
  return (
    <div role="status" className="mt-3 rounded-lg border border-slate-200 bg-white text-sm" data-testid="bulk-results">
      <p className="border-b border-slate-100 px-3 py-2 font-medium text-slate-900">{summary}</p>
      <ul className="divide-y divide-slate-100">
        {results.map((r) => (
          <li key={r.file} className="px-3 py-2" data-testid="bulk-result">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
              <span className={r.ok ? "text-green-700" : "text-red-700"}>{r.ok ? "已导入" : "未导入"}</span>
              <span className="min-w-0 break-all text-slate-800">{r.file}</span>
              <span className="text-slate-500">→</span>
              {r.ok ? (
                <Link href={adminMasterPage(r.masterGuid)} className="font-medium text-brand hover:underline">{r.masterName}</Link>
              ) : (
                <span className="text-slate-700">{r.masterName}</span>
              )}
              {r.ok && r.masterCreated ? <span className="rounded bg-slate-100 px-1.5 py-px text-xs text-slate-600">新建</span> : null}
            </div>
            {r.ok ? (
              <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                {r.formatLabel} · {r.fills} 笔成交 · {r.events} 条资金记录{r.skipped > 0 ? ` · 跳过 ${r.skipped} 行` : ""}{r.duplicates > 0 ? ` · ${r.duplicates} 笔重复已跳过` : ""}
              </p>
            ) : (
              <p className="mt-0.5 text-xs text-red-700">{r.reason}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
