"use client";

import { useRouter } from "next/navigation";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { MarkdownField } from "@/components/blog/MarkdownField";
import { fieldClass } from "@/components/ui/form";
import { useUnsavedWarning } from "@/components/blog/use-unsaved-warning";
import { Button } from "@/components/ui/Button";
import { autoSummary, paidQuote } from "@/lib/domain/article-summary";
import { ARTICLE_TYPES } from "@/lib/domain/article-types";
import { useAdminAction } from "../admin-action";
import { ARTICLE_LIMITS, ARTICLES_API, articleApi, articleProblem, LEVEL_LABELS, parseTags, type ArticleFormValues } from "./articles-api";
import { cn } from "@/components/ui/cn";

const EMPTY: ArticleFormValues = { type: "case", title: "", summary: "", body: "", coverUrl: "", videoUrl: "", minLevel: 0, tags: [] };

/**
 * An editorial article or video: type, title, summary, Markdown body with preview, cover and video addresses,
 * level and tags. Without `infoguid` it writes a new one (保存草稿 / 发布) and opens its page; with it, 保存 keeps
 * the status (publishing is a separate action on the page).
 */
export function ArticleForm({ infoguid, initial = EMPTY }: { infoguid?: string; initial?: ArticleFormValues }) {
  const id = useId();
  const router = useRouter();
  const [values, setValues] = useState({ ...initial, tags: initial.tags.join("，") });
  const [saved, setSaved] = useState(values);
  const [error, setError] = useState("");
  const [sending, setSending] = useState<null | "draft" | "publish" | "save">(null);
  const { run, pending } = useAdminAction();
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  useUnsavedWarning(dirty && sending === null);

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  const summaryHelp = useSummaryHelp(values.summary.trim(), values.body, values.minLevel);

  async function submit(mode: "draft" | "publish" | "save") {
    const input: ArticleFormValues = {
      ...values, title: values.title.trim(), summary: values.summary.trim(), coverUrl: values.coverUrl.trim(), videoUrl: values.videoUrl.trim(),
      tags: parseTags(values.tags),
    };
    const problem = articleProblem(input);
    setError(problem);
    if (problem) return;
    setSending(mode);
    const result = infoguid
      ? await run(articleApi(infoguid), { action: "update", ...input }, "已保存")
      : await run(ARTICLES_API, { ...input, publish: mode === "publish" }, mode === "publish" ? "文章已发布" : "草稿已保存");
    setSending(null);
    if (!result.ok) {
      if (result.status === 400) setError(result.message);
      return;
    }
    setSaved(values);
    if (!infoguid && typeof result.body.infoguid === "string") router.push(`/admin/articles/${result.body.infoguid}`);
  }

  const busy = pending || sending !== null;
  return (
    <form
      aria-label={infoguid ? "编辑文章" : "写文章"}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(infoguid ? "save" : "publish");
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-type`} className="mb-1 block text-sm text-slate-600">类型</label>
          <select id={`${id}-type`} value={values.type} onChange={(e) => set("type", e.target.value)} className={cn(fieldClass, "h-11")}>
            {Object.entries(ARTICLE_TYPES).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-level`} className="mb-1 block text-sm text-slate-600">可见等级</label>
          <select id={`${id}-level`} value={values.minLevel} onChange={(e) => set("minLevel", Number(e.target.value))} className={cn(fieldClass, "h-11")}>
            {[0, 100, 200].map((level) => <option key={level} value={level}>{LEVEL_LABELS[level]}</option>)}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-title`} className="mb-1 block text-sm text-slate-600">标题</label>
          <input id={`${id}-title`} value={values.title} maxLength={ARTICLE_LIMITS.title} onChange={(e) => set("title", e.target.value)} className={cn(fieldClass, "h-11")} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-summary`} className="mb-1 block text-sm text-slate-600">摘要</label>
          <textarea
            id={`${id}-summary`}
            value={values.summary}
            maxLength={ARTICLE_LIMITS.summary}
            rows={2}
            placeholder={values.minLevel > 0 ? "留空则取免费导读的开头" : "留空则取正文开头"}
            aria-describedby={`${id}-summary-help`}
            aria-invalid={summaryHelp.quote ? true : undefined}
            onChange={(e) => set("summary", e.target.value)}
            className={cn(fieldClass, "py-2")}
          />
          <div id={`${id}-summary-help`}>
            {summaryHelp.quote ? (
              <p role="alert" data-testid="summary-paid-warning" className="mt-1 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
                摘要引用了付费部分：“{summaryHelp.quote}”。摘要对所有访客和搜索引擎公开，保存后这段付费内容人人可见。请改写摘要，或留空（自动取免费导读的开头）。
              </p>
            ) : summaryHelp.auto ? (
              <p className="mt-1 line-clamp-2 text-xs text-slate-500">自动摘要：{summaryHelp.auto}</p>
            ) : null}
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-cover`} className="mb-1 block text-sm text-slate-600">封面地址</label>
          <input id={`${id}-cover`} value={values.coverUrl} inputMode="url" placeholder="https://… 或 /images/…" onChange={(e) => set("coverUrl", e.target.value)} className={cn(fieldClass, "h-11")} />
        </div>
        <div>
          <label htmlFor={`${id}-video`} className="mb-1 block text-sm text-slate-600">视频地址{values.type === "video" ? "（必填）" : ""}</label>
          <input id={`${id}-video`} value={values.videoUrl} inputMode="url" placeholder="HLS (.m3u8) 或 MP4" onChange={(e) => set("videoUrl", e.target.value)} className={cn(fieldClass, "h-11")} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-tags`} className="mb-1 block text-sm text-slate-600">标签</label>
          <input
            id={`${id}-tags`}
            value={values.tags}
            onChange={(e) => set("tags", e.target.value)}
            placeholder="如：打板，首板，复盘"
            aria-describedby={`${id}-tags-help`}
            className={cn(fieldClass, "h-11")}
          />
          <p id={`${id}-tags-help`} className="mt-1 text-xs text-slate-500">用逗号分隔，最多 {ARTICLE_LIMITS.tags} 个，每个不超过 {ARTICLE_LIMITS.tagChars} 个字</p>
        </div>
      </div>
      <MarkdownField label="正文（Markdown）" value={values.body} onChange={(body) => set("body", body)} maxLength={ARTICLE_LIMITS.body} wideFrom="lg" />
      {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {dirty ? <span className="text-sm text-amber-700 sm:mr-auto">有未保存的修改</span> : null}
        {infoguid ? (
          <Button type="submit" loading={sending === "save"} disabled={busy}>保存</Button>
        ) : (
          <>
            <Button variant="secondary" loading={sending === "draft"} disabled={busy} onClick={() => void submit("draft")}>保存草稿</Button>
            <Button type="submit" loading={sending === "publish"} disabled={busy}>发布</Button>
          </>
        )}
      </div>
    </form>
  );
}

/**
 * What the form says under the summary: the passage of an editor's summary that quotes the paid part (everyone
 * reads the summary), else, for an empty one, the summary the server will make from the free part.
 */
function useSummaryHelp(summary: string, body: string, minLevel: number): { quote: string | null; auto: string } {
  // Long bodies stay responsive: the check follows the typing when React has time, like the preview.
  const deferredSummary = useDeferredValue(summary);
  const deferredBody = useDeferredValue(body);
  return useMemo(() => ({
    quote: deferredSummary ? paidQuote(deferredSummary, deferredBody, minLevel) : null,
    auto: deferredSummary ? "" : autoSummary(deferredBody, minLevel),
  }), [deferredSummary, deferredBody, minLevel]);
}
