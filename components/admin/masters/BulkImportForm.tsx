"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition } from "react";
import { submitForm } from "@/lib/client/request";
import { Button } from "@/components/ui/Button";
import { notify } from "@/lib/client/toast";
import { toBulkResults, MASTERS_BULK_API, adminMasterPage, type BulkResult } from "./masters-api";

const ACCEPT = ".csv,.txt,.xls,.xlsx";

function bulkFallback(status: number): string {
  if (status === 413) return "文件过大或过多，请分批上传";
  if (status >= 500) return "服务器内部错误，请稍后再试";
  return "网络异常，请稍后再试";
}

/**
 * 批量导入 (ADR 0047): several statements at once, one master per file, named by a masters.csv chosen with them or by
 * each file's name. Lists every file's outcome: imported (a link to its master) or the Chinese reason it was not.
 */
export function BulkImportForm() {
  const id = useId();
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [publish, setPublish] = useState(true);
  const [sending, setSending] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const [summary, setSummary] = useState("");
  const [results, setResults] = useState<BulkResult[]>([]);

  async function submit() {
    const files = [...(fileRef.current?.files ?? [])];
    setResults([]);
    setSummary("");
    setProblems([]);
    if (files.length === 0) {
      setError("请选择要导入的交割单文件");
      return;
    }
    setError("");
    const form = new FormData();
    for (const file of files) form.append("files", file, file.name);
    form.append("public", publish ? "1" : "0");
    setSending(true);
    const answer = await submitForm(MASTERS_BULK_API, form, { fallback: bulkFallback });
    setSending(false);
    if (!answer.ok) {
      setError(answer.message);
      const listed = answer.body.problems;
      setProblems(Array.isArray(listed) ? listed.filter((p): p is string => typeof p === "string").slice(1) : []);
      return;
    }
    const list = toBulkResults(answer.body.results);
    setResults(list);
    setSummary(answer.message);
    const failed = list.filter((r) => !r.ok).length;
    notify({ type: failed > 0 ? "warning" : "success", message: answer.message || "批量导入完成" });
    if (fileRef.current) fileRef.current.value = "";
    startRefresh(() => router.refresh());
  }

  return (
    <div>
      <form
        aria-label="批量导入"
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="min-w-0">
          <label htmlFor={`${id}-files`} className="mb-1 block text-sm text-slate-600">交割单文件（可多选，可附 masters.csv）</label>
          <input
            id={`${id}-files`}
            ref={fileRef}
            type="file"
            name="files"
            multiple
            accept={ACCEPT}
            onChange={() => {
              setError("");
              setProblems([]);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:border-brand"
          />
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={publish} onChange={(e) => setPublish(e.target.checked)} className="h-4 w-4 accent-brand" />
          直接公开
        </label>
        <Button type="submit" loading={sending || refreshing}>{sending ? "导入中…" : "批量导入"}</Button>
      </form>
      <p className="mt-2 text-xs leading-5 text-slate-500">
        每个文件导入给一位大神：名称取自 masters.csv（列：file,name,bio,styleTags,disclosureDelayDays；风格标签用 | 或 、 分隔；延迟 0–60 天），
        没有写进 masters.csv 的文件以文件名为名。已有同名大神时交割单归入该大神。某个文件失败不影响其他文件，也不会留下空的大神。
      </p>
      {error ? (
        <div id={`${id}-error`} role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{error}</p>
          {problems.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p) => <li key={p}>{p}</li>)}
            </ul>
          ) : null}
        </div>
      ) : null}
      {results.length > 0 ? <BulkResults summary={summary} results={results} /> : null}
    </div>
  );
}

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
              <span className="text-slate-400">→</span>
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
