"use client";

import { useDeferredValue, useId, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { renderMarkdown } from "@/lib/domain/markdown";
import { fieldClass } from "@/components/ui/form";

export interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** Tailwind breakpoint prefix from which source and preview sit side by side ("md" for the blog, "lg" in admin). */
  wideFrom?: "md" | "lg";
  rows?: number;
  invalid?: boolean;
}

/**
 * A Markdown textarea with a live preview rendered by renderMarkdown, the same sanitising pipeline the published
 * page uses. Phones switch between 编辑 and 预览 with tabs; wider screens show both side by side.
 */
export function MarkdownField({ label, value, onChange, maxLength, wideFrom = "md", rows = 18, invalid }: MarkdownFieldProps) {
  const id = useId();
  const [tab, setTab] = useState<"edit" | "preview">("edit");
  // Typing stays responsive on long bodies: the preview follows when React has time.
  const deferred = useDeferredValue(value);
  const preview = useMemo(() => renderMarkdown(deferred), [deferred]);
  const wide = wideFrom === "lg" ? { grid: "lg:grid-cols-2", show: "lg:block", hideTabs: "lg:hidden" } : { grid: "md:grid-cols-2", show: "md:block", hideTabs: "md:hidden" };

  const tabButton = (name: "edit" | "preview", text: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-tab-${name}`}
      aria-selected={tab === name}
      aria-controls={`${id}-${name}`}
      onClick={() => setTab(name)}
      className={cn(
        "min-h-10 flex-1 rounded-md px-4 text-sm font-medium",
        tab === name ? "bg-white text-brand shadow-sm" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {text}
    </button>
  );

  return (
    <div>
      <div role="tablist" aria-label="编辑或预览" className={cn("mb-2 flex gap-1 rounded-lg bg-slate-100 p-1", wide.hideTabs)}>
        {tabButton("edit", "编辑")}
        {tabButton("preview", "预览")}
      </div>
      <div className={cn("grid gap-4", wide.grid)}>
        <div id={`${id}-edit`} role="tabpanel" aria-labelledby={`${id}-tab-edit`} className={cn(tab === "edit" ? "block" : "hidden", wide.show)}>
          <label htmlFor={`${id}-source`} className="mb-1 block text-sm text-slate-600">{label}</label>
          <textarea
            id={`${id}-source`}
            value={value}
            maxLength={maxLength}
            rows={rows}
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-help`}
            onChange={(e) => onChange(e.target.value)}
            className={cn(fieldClass, "min-h-64 py-2 font-mono text-[15px] leading-relaxed")}
          />
          <p id={`${id}-help`} className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-slate-500">
            <span>支持 Markdown：## 标题、**粗体**、- 列表、&gt; 引用、[链接](https://…)、表格、`代码`</span>
            <span className="tabular-nums">{value.length.toLocaleString("en-US")} / {maxLength.toLocaleString("en-US")}</span>
          </p>
        </div>
        <div id={`${id}-preview`} role="tabpanel" aria-labelledby={`${id}-tab-preview`} className={cn(tab === "preview" ? "block" : "hidden", wide.show)}>
          <p className="mb-1 text-sm text-slate-600">预览</p>
          <div className="min-h-64 overflow-x-auto rounded-lg border border-dashed border-slate-300 bg-white p-3 sm:p-4">
            {deferred.trim() ? (
              // renderMarkdown's sanitised output: the same HTML the published page will show.
              <div className="prose-article" data-testid="markdown-preview" dangerouslySetInnerHTML={{ __html: preview }} />
            ) : (
              <p className="text-sm text-slate-500">正文的预览会显示在这里。</p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
