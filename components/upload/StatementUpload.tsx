"use client";

import { FileSpreadsheet, RotateCcw, Upload } from "lucide-react";
import Link from "@/components/ui/Link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { MonthlyHeatmap } from "@/components/statements/MonthlyHeatmap";
import { FeeBasisNote, Panel } from "@/components/statements/Panel";
import { RoundTripTable } from "@/components/statements/RoundTripTable";
import { SkippedRows } from "@/components/statements/SkippedRows";
import { FeeBasisFact, HkSection, PendingAllotments, UnknownOpenings, UnreconciledFills } from "@/components/statements/StatementFindings";
import { SummaryCards } from "@/components/statements/SummaryCards";
import { Button, buttonClass } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { notify } from "@/lib/client/toast";
import { formatNumber } from "@/lib/domain/statements/format";
import { DEFAULT_IMPORT_LIMITS } from "@/lib/domain/statements/types";
import type { PreviewResponse, SaveResponse, StatementPreview } from "./types";
import { UploadAborted, postFormWithProgress, uploadFailureMessage } from "./xhr-upload";

export interface StatementUploadProps {
  /** a logged-in member may save the statement */
  canSave: boolean;
  /** where "登录后保存" leads */
  loginHref: string;
}

export const PREVIEW_URL = "/api/statements/preview";
export const SAVE_URL = "/api/statements";
export const ACCEPT = ".csv,.txt,.xls,.xlsx";
const EXTENSIONS = /\.(csv|txt|xls|xlsx)$/i;
const MAX_BYTES = DEFAULT_IMPORT_LIMITS.maxBytes;

const ENCODING_LABEL: Record<string, string> = { gb18030: "GBK / GB18030", "utf-8": "UTF-8", xlsx: "Excel 工作簿" };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A reason not to send the file at all, or null. */
export function checkFile(file: File): string | null {
  if (!EXTENSIONS.test(file.name)) return "只支持 CSV、TXT、XLS、XLSX 格式的交割单文件";
  if (file.size === 0) return "文件是空的，请重新导出后上传";
  if (file.size > MAX_BYTES) return `文件过大（${formatBytes(file.size)}）：交割单最大 ${MAX_BYTES / 1024 / 1024} MB，请按时间分段导出`;
  return null;
}

type Transfer =
  | { state: "idle" }
  /** fraction null: the body is sent, waiting for the server */
  | { state: "sending"; action: "preview" | "save"; fraction: number | null }
  | { state: "failed"; action: "preview" | "save"; message: string };

/**
 * Upload a broker statement: pick or drop a file, it is sent to the preview endpoint with a real progress bar, and
 * the preview shows the detected format, the rows that could not be read and the analysis. Members save it from
 * there; visitors are asked to log in. A failure never loses the chosen file: retry sends it again.
 */
export function StatementUpload({ canSave, loginHref }: StatementUploadProps) {
  const router = useRouter();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [transfer, setTransfer] = useState<Transfer>({ state: "idle" });
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [isPublic, setIsPublic] = useState(false);
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => abortRef.current?.abort(), []);

  const busy = transfer.state === "sending";

  async function send(action: "preview" | "save", chosen: File) {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    const form = new FormData();
    form.append("file", chosen, chosen.name);
    if (action === "save") form.append("visibility", isPublic ? "public" : "private");
    setTransfer({ state: "sending", action, fraction: 0 });
    try {
      const { status, body } = await postFormWithProgress(action === "preview" ? PREVIEW_URL : SAVE_URL, form, {
        signal: controller.signal,
        onProgress: (fraction) => setTransfer({ state: "sending", action, fraction: fraction >= 1 ? null : fraction }),
      });
      const answer = body as PreviewResponse | SaveResponse | null;
      if (status < 200 || status >= 300 || !answer || typeof answer !== "object" || answer.ok !== true) {
        throw Object.assign(new Error(uploadFailureMessage(status, body)), { status });
      }
      if (action === "preview" && "preview" in answer) {
        setPreview(answer.preview);
        setTransfer({ state: "idle" });
      } else if (action === "save" && "analysisHref" in answer) {
        setTransfer({ state: "idle" });
        notify({ type: "success", message: "已保存到我的交割单" });
        router.push(answer.analysisHref);
      } else {
        throw new Error("服务器返回的数据无法识别，请稍后再试");
      }
    } catch (err) {
      if (err instanceof UploadAborted) return;
      const message = err instanceof Error && err.message ? err.message : "网络异常，请稍后再试";
      setTransfer({ state: "failed", action, message });
      if (action === "save") notify({ type: "error", message });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  }

  function choose(chosen: File | undefined | null) {
    if (!chosen) return;
    abortRef.current?.abort();
    setFile(chosen);
    setPreview(null);
    const problem = checkFile(chosen);
    if (problem) {
      setTransfer({ state: "failed", action: "preview", message: problem });
      return;
    }
    void send("preview", chosen);
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (!busy) choose(e.dataTransfer.files?.[0]);
  }

  const failed = transfer.state === "failed" ? transfer : null;
  const retryable = failed && file && !checkFile(file);

  return (
    <div data-testid="statement-upload" className="min-w-0 space-y-4">
      <Panel title="选择交割单文件" testId="upload-panel">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            // the same file can be chosen again after a change
            e.target.value = "";
          }}
        />
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="upload-dropzone"
          className={cn(
            "flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors",
            dragging ? "border-brand bg-brand-soft" : "border-slate-300 bg-slate-50 hover:border-brand",
            busy && "cursor-wait opacity-70",
          )}
        >
          <Upload aria-hidden className="h-8 w-8 text-brand" strokeWidth={1.5} />
          <span className="text-[15px] font-medium text-slate-900">{file ? "更换文件" : "选择交割单文件"}</span>
          <span className="text-xs text-slate-500">
            <span className="hidden sm:inline">或把文件拖到这里 · </span>CSV、TXT、XLS、XLSX，GBK 或 UTF-8，最大 20 MB
          </span>
        </label>

        {file ? (
          <div className="mt-3 flex min-w-0 items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid="chosen-file">
            <FileSpreadsheet aria-hidden className="h-5 w-5 shrink-0 text-slate-500" />
            <span className="min-w-0 flex-1 truncate text-slate-800" title={file.name}>{file.name}</span>
            <span className="shrink-0 text-xs text-slate-500 tabular-nums">{formatBytes(file.size)}</span>
          </div>
        ) : null}

        {transfer.state === "sending" && transfer.action === "preview" ? <ProgressLine fraction={transfer.fraction} action="preview" /> : null}

        {failed && failed.action === "preview" ? (
          <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <p>{failed.message}</p>
            {retryable ? (
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => file && void send("preview", file)}>
                <RotateCcw aria-hidden className="h-4 w-4" />
                重新上传
              </Button>
            ) : null}
          </div>
        ) : null}

        <p className="mt-3 text-xs text-slate-500">预览只在服务器上读取文件、不会保存；保存后默认仅自己可见。</p>
      </Panel>

      {preview ? (
        <PreviewView
          preview={preview}
          canSave={canSave}
          loginHref={loginHref}
          isPublic={isPublic}
          onPublicChange={setIsPublic}
          saving={transfer.state === "sending" && transfer.action === "save" ? { fraction: transfer.fraction } : null}
          disabled={busy}
          saveError={failed && failed.action === "save" ? failed.message : null}
          onSave={() => file && void send("save", file)}
        />
      ) : null}
    </div>
  );
}

const tripsNote = (shown: number, total: number) => (total > shown ? `显示最近 ${shown} 笔，共 ${total} 笔` : `共 ${total} 笔`);

function ProgressLine({ fraction, action }: { fraction: number | null; action: "preview" | "save" }) {
  const percent = fraction === null ? 100 : Math.round(fraction * 100);
  const label = fraction === null ? (action === "preview" ? "正在识别格式并分析…" : "正在保存…") : "上传中";
  return (
    <div className="mt-3" data-testid="upload-progress">
      <div className="mb-1 flex justify-between text-xs text-slate-600 tabular-nums">
        <span aria-live="polite">{label}</span>
        {fraction === null ? null : <span>{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label="上传进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={fraction === null ? label : `${label} ${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          data-testid="upload-progress-bar"
          className={cn("h-full rounded-full bg-brand transition-[width] duration-200", fraction === null && "animate-pulse")}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function PreviewView({
  preview, canSave, loginHref, isPublic, onPublicChange, saving, disabled, saveError, onSave,
}: {
  preview: StatementPreview;
  canSave: boolean;
  loginHref: string;
  isPublic: boolean;
  onPublicChange: (value: boolean) => void;
  saving: { fraction: number | null } | null;
  disabled: boolean;
  saveError: string | null;
  onSave: () => void;
}) {
  const checkboxId = useId();
  const total = preview.roundTripTotal ?? preview.roundTrips.length;
  const facts: [string, string][] = [
    ["券商格式", preview.formatLabel],
    ["文件编码", ENCODING_LABEL[preview.encoding] ?? preview.encoding],
    ["数据行", `${formatNumber(preview.rowCount, 0)} 行`],
    ["成交", `${formatNumber(preview.fills, 0)} 笔`],
    ["资金/股份变动", `${formatNumber(preview.events, 0)} 条`],
    ["未能读取", `${formatNumber(preview.skipped.length, 0)} 行`],
  ];
  const hkTotal = preview.hk ? preview.hk.roundTripTotal : 0;
  return (
    <div className="min-w-0 space-y-4" data-testid="statement-preview">
      <Panel title="识别结果" aside={<span className="break-all">{preview.fileName}</span>}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className={cn("truncate font-medium tabular-nums", label === "未能读取" && preview.skipped.length ? "text-amber-700" : "text-slate-900")}>
                {value}
              </dd>
            </div>
          ))}
          <div className="min-w-0" data-testid="fee-basis-fact">
            <dt className="text-xs text-slate-500">费用</dt>
            <dd className="font-medium text-slate-900"><FeeBasisFact basis={preview.feeBasis} /></dd>
          </div>
        </dl>
        {preview.feeBasis === "file" ? null : (
          <FeeBasisNote bases={[preview.feeBasis === "mixed" ? "derived" : preview.feeBasis, preview.feeBasis === "mixed" ? "schedule" : null]} className="px-0 sm:px-0" />
        )}
        {preview.warnings.length ? (
          <ul className="mt-3 list-disc space-y-1 rounded-lg bg-amber-50 py-2 pr-3 pl-7 text-xs text-amber-900">
            {preview.warnings.map((w, i) => (
              <li key={`${i}-${w}`}>{w}</li>
            ))}
          </ul>
        ) : null}
      </Panel>

      <SkippedRows rows={preview.skipped} />
      <UnreconciledFills rows={preview.unreconciled} />
      <UnknownOpenings items={preview.unknownOpenings} />
      <PendingAllotments items={preview.pendingAllotments} />

      <section aria-label="分析预览" className="space-y-4">
        {preview.hk ? <h3 className="text-base font-semibold text-slate-900">A 股</h3> : null}
        <SummaryCards summary={preview.summary} />
        {preview.monthly.length ? <MonthlyHeatmap rows={preview.monthly} /> : null}
        <RoundTripTable
          trips={preview.roundTrips}
          title="交易回合"
          note={tripsNote(preview.roundTrips.length, total)}
          emptyText="文件中没有完整的交易回合"
        />
        {preview.hk ? <HkSection hk={preview.hk} trips={preview.hk.roundTrips} note={tripsNote(preview.hk.roundTrips.length, hkTotal)} /> : null}
      </section>

      <Panel title="保存" testId="save-panel">
        {canSave ? (
          <div className="space-y-3">
            <label htmlFor={checkboxId} className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
              <input
                id={checkboxId}
                type="checkbox"
                className="h-4 w-4 accent-[var(--color-brand)]"
                checked={isPublic}
                disabled={disabled}
                onChange={(e) => onPublicChange(e.target.checked)}
              />
              公开到我的主页
            </label>
            <Button block className="sm:w-auto" loading={!!saving} disabled={disabled} onClick={onSave}>
              保存到我的交割单
            </Button>
            {saving ? <ProgressLine fraction={saving.fraction} action="save" /> : null}
            {saveError ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {saveError}
              </p>
            ) : null}
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Link href={loginHref} className={buttonClass("primary", "md")}>
              登录后保存
            </Link>
            <span className="text-xs text-slate-500">登录后可保存交割单、随时查看完整分析。</span>
          </div>
        )}
      </Panel>
    </div>
  );
}
