"use client";

import { useId } from "react";
import { FeedbackLine, FilePicker, SubmitButton, tooLargeSays, useRefresh, useSchemaForm } from "@/components/ui/form";
import { notify } from "@/lib/client/toast";
import { STATEMENT_FILE_ACCEPT } from "@/lib/domain/statements/limits";
import { masterStatementsApi } from "./masters-api";

const statementSchema = () => import("@/lib/domain/statements/schemas").then((m) => m.StatementFileForm);

/** What the server read from an accepted file. */
export interface UploadResult {
  message: string;
  formatLabel: string;
  fills: number;
  events: number;
  skipped: { line: number; reason: string }[];
  skippedTotal: number;
  duplicates: number;
  warnings: string[];
  isPublic: boolean;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function toResult(body: Record<string, unknown>, message: string): UploadResult {
  const skipped = Array.isArray(body.skipped)
    ? body.skipped.filter((s): s is { line: number; reason: string } => !!s && typeof s === "object" && typeof (s as { reason?: unknown }).reason === "string")
    : [];
  return {
    message,
    formatLabel: typeof body.formatLabel === "string" ? body.formatLabel : "",
    fills: num(body.fills),
    events: num(body.events),
    skipped,
    skippedTotal: Math.max(num(body.skippedTotal), skipped.length),
    duplicates: num(body.duplicates),
    warnings: Array.isArray(body.warnings) ? body.warnings.filter((w): w is string => typeof w === "string") : [],
    isPublic: body.isPublic === true,
  };
}

/**
 * Uploads a broker statement for a master (multipart `file` + `public`). Shows what was read, or the Chinese reason
 * a file was refused; a refused file stays chosen so it can be checked or sent again.
 */
export function StatementUploadForm({ guid }: { guid: string }) {
  const id = useId();
  const { refreshing, refresh } = useRefresh();
  const { register, setValue, feedback, answer, clear, pending, submitTo } = useSchemaForm(statementSchema, { file: null, public: true });

  // A refusal leaves the file in the input: the editor can fix the export or retry without choosing it again.
  const upload = submitTo(masterStatementsApi(guid), (values) => values, (result) => {
    if (!result.ok) return;
    notify({ type: "success", message: result.message || "交割单已导入" });
    setValue("file", null);
    refresh();
  }, { fallback: tooLargeSays("文件过大，请按时间分段导出") });
  const error = feedback?.tone === "error";

  return (
    <div>
      <form aria-label="上传交割单" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" noValidate onSubmit={upload}>
        <FilePicker
          label="交割单文件（.csv .txt .xls .xlsx）"
          accept={STATEMENT_FILE_ACCEPT}
          {...register("file", { onChange: clear })}
          invalid={error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register("public")} className="h-4 w-4 accent-brand" />
          立即公开
        </label>
        <SubmitButton pending={pending || refreshing} block={false} size="md">上传</SubmitButton>
      </form>
      <p className="mt-2 text-xs text-slate-500">
        不勾选“立即公开”时存为草稿，可在下方核对后再公开；公开后成交仍按延迟公开天数对会员显示。
      </p>
      <FeedbackLine feedback={feedback} id={`${id}-error`} className="mt-3" />
      {answer?.ok ? <UploadReport result={toResult(answer.body, answer.message)} /> : null}
    </div>
  );
}

function UploadReport({ result }: { result: UploadResult }) {
  return (
    <div role="status" className="mt-3 rounded-lg border border-green-200 bg-green-50 px-3 py-3 text-sm text-slate-800" data-testid="upload-result">
      <p className="font-medium text-green-900">{result.message || "交割单已导入"}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-5">
        <div><dt className="text-xs text-slate-500">格式</dt><dd>{result.formatLabel || "—"}</dd></div>
        <div><dt className="text-xs text-slate-500">成交</dt><dd className="tabular-nums">{result.fills} 笔</dd></div>
        <div><dt className="text-xs text-slate-500">资金记录</dt><dd className="tabular-nums">{result.events} 条</dd></div>
        <div><dt className="text-xs text-slate-500">重复已跳过</dt><dd className="tabular-nums">{result.duplicates} 笔</dd></div>
        <div><dt className="text-xs text-slate-500">状态</dt><dd>{result.isPublic ? "已公开" : "草稿"}</dd></div>
      </dl>
      {result.warnings.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-amber-800">
          {result.warnings.map((w) => <li key={w}>{w}</li>)}
        </ul>
      ) : null}
      {result.skippedTotal > 0 ? (
        <div className="mt-2">
          <p className="text-slate-700">跳过 {result.skippedTotal} 行：</p>
          <ul className="mt-1 max-h-48 overflow-y-auto rounded border border-slate-200 bg-white px-2 py-1 text-xs" data-testid="upload-skipped">
            {result.skipped.map((s) => (
              <li key={`${s.line}-${s.reason}`} className="py-0.5"><span className="tabular-nums text-slate-500">第 {s.line} 行</span>：{s.reason}</li>
            ))}
          </ul>
          {result.skippedTotal > result.skipped.length ? <p className="mt-1 text-xs text-slate-500">只列出前 {result.skipped.length} 行。</p> : null}
        </div>
      ) : null}
    </div>
  );
}
