"use client";

import { useRouter } from "next/navigation";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { MarkdownField } from "@/components/blog/MarkdownField";
import { useUnsavedWarning } from "@/components/blog/use-unsaved-warning";
import { Button } from "@/components/ui/Button";
import { Field, FeedbackLine, fieldClass, inputClass, useSchemaForm } from "@/components/ui/form";
import { cn } from "@/components/ui/cn";
import { autoSummary, paidQuote } from "@/lib/domain/article-summary";
import { ARTICLE_TYPES } from "@/lib/domain/article-types";
import { useAdminAction } from "../admin-action";
import { ARTICLE_LIMITS, ARTICLES_API, articleApi, LEVEL_LABELS, type ArticleFormValues } from "./articles-api";

const articleSchema = () => import("@/lib/domain/content/schemas").then((m) => m.ArticleEditorForm);

const EMPTY: ArticleFormValues = { type: "case", title: "", summary: "", body: "", coverUrl: "", videoUrl: "", minLevel: 0, tags: [] };

type Mode = "draft" | "publish" | "save";

/**
 * An editorial article or video: type, title, summary, Markdown body with preview, cover and video addresses,
 * level and tags. Without `infoguid` it writes a new one (保存草稿 / 发布) and opens its page; with it, 保存 keeps
 * the status (publishing is a separate action on the page).
 */
export function ArticleForm({ infoguid, initial = EMPTY }: { infoguid?: string; initial?: ArticleFormValues }) {
  const id = useId();
  const router = useRouter();
  const [sending, setSending] = useState<Mode | null>(null);
  const { run, pending } = useAdminAction();
  const { register, watch, setValue, getValues, reset, formState, feedback, setFeedback, check } = useSchemaForm(articleSchema, {
    ...initial,
    minLevel: String(initial.minLevel),
    tags: initial.tags.join("，"),
  });
  useUnsavedWarning(formState.isDirty && sending === null);
  const minLevel = Number(watch("minLevel"));
  const summaryHelp = useSummaryHelp((watch("summary") ?? "").trim(), watch("body"), minLevel);

  const submitAs = (mode: Mode) =>
    check(async (input) => {
      const typed = getValues();
      setSending(mode);
      const result = infoguid
        ? await run(articleApi(infoguid), { action: "update", ...input }, "已保存")
        : await run(ARTICLES_API, { ...input, publish: mode === "publish" }, mode === "publish" ? "文章已发布" : "草稿已保存");
      setSending(null);
      if (!result.ok) {
        if (result.status === 400) setFeedback({ tone: "error", text: result.message });
        return;
      }
      // What was sent is saved; anything typed meanwhile still counts as a change.
      reset(typed, { keepValues: true });
      if (!infoguid && typeof result.body.infoguid === "string") router.push(`/admin/articles/${result.body.infoguid}`);
    });

  const busy = pending || sending !== null;
  return (
    <form aria-label={infoguid ? "编辑文章" : "写文章"} className="space-y-4" onSubmit={submitAs(infoguid ? "save" : "publish")} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="类型">
          {(control) => (
            <select {...control} {...register("type")} className={inputClass}>
              {Object.entries(ARTICLE_TYPES).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          )}
        </Field>
        <Field label="可见等级">
          {(control) => (
            <select {...control} {...register("minLevel")} className={inputClass}>
              {[0, 100, 200].map((level) => <option key={level} value={level}>{LEVEL_LABELS[level]}</option>)}
            </select>
          )}
        </Field>
        <Field label="标题" className="sm:col-span-2">
          {(control) => <input {...control} {...register("title")} maxLength={ARTICLE_LIMITS.title} className={inputClass} />}
        </Field>
        <Field label="摘要" invalid={summaryHelp.quote !== null} className="sm:col-span-2">
          {(control) => (
            <>
              <textarea
                {...control}
                {...register("summary")}
                maxLength={ARTICLE_LIMITS.summary}
                rows={2}
                placeholder={minLevel > 0 ? "留空则取免费导读的开头" : "留空则取正文开头"}
                aria-describedby={`${id}-summary-help`}
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
            </>
          )}
        </Field>
        <Field label="封面地址">
          {(control) => <input {...control} {...register("coverUrl")} inputMode="url" placeholder="https://… 或 /images/…" className={inputClass} />}
        </Field>
        <Field label={`视频地址${watch("type") === "video" ? "（必填）" : ""}`} hint="会员视频请用 video:add 存入，填写 /api/videos/… 地址：只有可看的会员拿到限时链接">
          {(control) => <input {...control} {...register("videoUrl")} inputMode="url" placeholder="HLS (.m3u8) 或 MP4" className={inputClass} />}
        </Field>
        <Field label="标签" hint={`用逗号分隔，最多 ${ARTICLE_LIMITS.tags} 个，每个不超过 ${ARTICLE_LIMITS.tagChars} 个字`} className="sm:col-span-2">
          {(control) => <input {...control} {...register("tags")} placeholder="如：打板，首板，复盘" className={inputClass} />}
        </Field>
      </div>
      <MarkdownField
        label="正文（Markdown）"
        value={watch("body")}
        onChange={(body) => setValue("body", body, { shouldDirty: true })}
        maxLength={ARTICLE_LIMITS.body}
        wideFrom="lg"
      />
      <FeedbackLine feedback={feedback} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {formState.isDirty ? <span className="text-sm text-amber-700 sm:mr-auto">有未保存的修改</span> : null}
        {infoguid ? (
          <Button type="submit" loading={sending === "save"} disabled={busy}>保存</Button>
        ) : (
          <>
            <Button variant="secondary" loading={sending === "draft"} disabled={busy} onClick={submitAs("draft")}>保存草稿</Button>
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
