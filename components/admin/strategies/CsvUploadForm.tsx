"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition } from "react";
import { submitForm } from "@/lib/client/request";
import { Button } from "@/components/ui/Button";
import { notify } from "@/lib/client/toast";
import { strategyCsvApi } from "./strategies-api";

export interface CsvLineProblem {
  line: number;
  message: string;
}

export type CsvOutcome =
  | { ok: true; message: string; added: number; duplicates: number; rows: number }
  | { ok: false; message: string; errors: CsvLineProblem[]; errorsTotal: number };

const KINDS = {
  nav: { title: "净值", unit: "个", columns: "date,nav", example: "2024-01-02,1.0000" },
  fills: { title: "成交", unit: "笔", columns: "date,time,code,name,side,quantity,price", example: "2024-01-02,09:35:00,600519,贵州茅台,买入,100,1700.00" },
} as const;

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function uploadFallback(status: number): string {
  if (status === 413) return "文件过大，请分段导入";
  if (status >= 500) return "服务器内部错误，请稍后再试";
  return "网络异常，请稍后再试";
}

/** Reads the server's answer into what the form shows. */
export function toOutcome(ok: boolean, message: string, body: Record<string, unknown>): CsvOutcome {
  if (ok) return { ok, message, added: num(body.added), duplicates: num(body.duplicates), rows: num(body.rows) };
  const errors = Array.isArray(body.errors)
    ? body.errors.filter((e): e is CsvLineProblem => !!e && typeof e === "object" && typeof (e as CsvLineProblem).message === "string" && typeof (e as CsvLineProblem).line === "number")
    : [];
  return { ok, message, errors, errorsTotal: Math.max(num(body.errorsTotal), errors.length) };
}

/** Uploads a NAV or fills CSV of a strategy and shows rows added, duplicates skipped, or every bad line. */
export function CsvUploadForm({ guid, kind }: { guid: string; kind: "nav" | "fills" }) {
  const id = useId();
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState("");
  const [outcome, setOutcome] = useState<CsvOutcome | null>(null);
  const spec = KINDS[kind];

  async function submit() {
    const file = fileRef.current?.files?.[0];
    setOutcome(null);
    if (!file) {
      setError(`请选择${spec.title} CSV 文件`);
      return;
    }
    setError("");
    const form = new FormData();
    form.append("file", file, file.name);
    setSending(true);
    const answer = await submitForm(strategyCsvApi(guid, kind), form, { fallback: uploadFallback });
    setSending(false);
    if (!answer.ok && !Array.isArray(answer.body.errors)) {
      setError(answer.message);
      return;
    }
    const result = toOutcome(answer.ok, answer.message, answer.body);
    setOutcome(result);
    if (!result.ok) return;
    notify({ type: "success", message: result.message || `${spec.title}已导入` });
    if (fileRef.current) fileRef.current.value = "";
    startRefresh(() => router.refresh());
  }

  return (
    <div>
      <form
        aria-label={`导入${spec.title}`}
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="min-w-0">
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm text-slate-600">{spec.title} CSV 文件</label>
          <input
            id={`${id}-file`}
            ref={fileRef}
            type="file"
            name="file"
            accept=".csv,.txt"
            onChange={() => {
              setError("");
              setOutcome(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help`}
            className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:border-brand"
          />
        </div>
        <Button type="submit" loading={sending || refreshing}>导入{spec.title}</Button>
      </form>
      <p id={`${id}-help`} className="mt-2 text-xs text-slate-500">
        UTF-8 或 GB18030 编码，第一行为表头 <code className="font-mono">{spec.columns}</code>，例如 <code className="font-mono">{spec.example}</code>。
        {kind === "fills" ? " 方向写 买入/卖出 或 buy/sell；可加一列 id 作为成交编号。" : ""}
        有任何一行无效时整个文件不导入；已导入的行会跳过并计数。
      </p>
      {error ? <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
      {outcome?.ok ? (
        <div role="status" className="mt-3 rounded-lg border border-green-200 bg-green-50 px-3 py-3 text-sm text-slate-800" data-testid={`csv-result-${kind}`}>
          <p className="font-medium text-green-900">{outcome.message}</p>
          <dl className="mt-2 grid grid-cols-3 gap-x-4">
            <div><dt className="text-xs text-slate-500">新增</dt><dd className="tabular-nums">{outcome.added} {spec.unit}</dd></div>
            <div><dt className="text-xs text-slate-500">已存在跳过</dt><dd className="tabular-nums">{outcome.duplicates} 行</dd></div>
            <div><dt className="text-xs text-slate-500">数据行</dt><dd className="tabular-nums">{outcome.rows} 行</dd></div>
          </dl>
        </div>
      ) : null}
      {outcome && !outcome.ok ? (
        <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-900" data-testid={`csv-errors-${kind}`}>
          <p className="font-medium">{outcome.message}</p>
          <ul className="mt-1 max-h-48 overflow-y-auto rounded border border-red-100 bg-white px-2 py-1 text-xs text-slate-700">
            {outcome.errors.map((e) => (
              <li key={`${e.line}-${e.message}`} className="py-0.5"><span className="tabular-nums text-slate-500">第 {e.line} 行</span>：{e.message}</li>
            ))}
          </ul>
          {outcome.errorsTotal > outcome.errors.length ? <p className="mt-1 text-xs">只列出前 {outcome.errors.length} 行（共 {outcome.errorsTotal} 行）。</p> : null}
        </div>
      ) : null}
    </div>
  );
}
