"use client";

import { useId } from "react";
import { FeedbackLine, FilePicker, SubmitButton, tooLargeSays, useRefresh, useSchemaForm } from "@/components/ui/form";
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
  const spec = KINDS[kind];
  const { refreshing, refresh } = useRefresh();
  const { register, setValue, feedback, answer, clear, pending, submitTo } = useSchemaForm(() => import("@/lib/domain/quant/schemas").then((m) => m.strategyCsvForm(spec.title)), { file: null });

  const upload = submitTo(strategyCsvApi(guid, kind), (values) => values, (result) => {
    // A refusal that lists bad lines is shown as the list (the file kept); any other is the form's one line.
    if (!result.ok) return Array.isArray(result.body.errors) ? null : undefined;
    notify({ type: "success", message: result.message || `${spec.title}已导入` });
    setValue("file", null);
    refresh();
  }, { fallback: tooLargeSays("文件过大，请分段导入") });
  const outcome = answer && (answer.ok || Array.isArray(answer.body.errors)) ? toOutcome(answer.ok, answer.message, answer.body) : null;

  return (
    <div>
      <form aria-label={`导入${spec.title}`} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate onSubmit={upload}>
        <FilePicker
          label={`${spec.title} CSV 文件`}
          accept=".csv,.txt"
          {...register("file", { onChange: clear })}
          invalid={feedback?.tone === "error"}
          aria-describedby={`${id}-help`}
        />
        <SubmitButton pending={pending || refreshing} block={false} size="md">导入{spec.title}</SubmitButton>
      </form>
      <p id={`${id}-help`} className="mt-2 text-xs text-slate-500">
        UTF-8 或 GB18030 编码，第一行为表头 <code className="font-mono">{spec.columns}</code>，例如 <code className="font-mono">{spec.example}</code>。
        {kind === "fills" ? " 方向写 买入/卖出 或 buy/sell；可加一列 id 作为成交编号。" : ""}
        有任何一行无效时整个文件不导入；已导入的行会跳过并计数。
      </p>
      <FeedbackLine feedback={feedback} className="mt-3" />
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
