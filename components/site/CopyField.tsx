"use client";

import { useState } from "react";
import { copyToClipboard } from "@/components/dialogs/clipboard";
import { notify } from "@/lib/client/toast";
import { COPY_SUCCESS_MS } from "@/lib/domain/constants";

/** A read-only field whose text selects on tap, with a copy button. */
export function CopyField({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    // The shared copier falls back to execCommand where WeChat's webview has no Clipboard API.
    if (!(await copyToClipboard(value))) {
      notify({ type: "error", message: "复制失败，请手动复制" });
      return;
    }
    notify({ type: "success", message: "链接复制成功" });
    setCopied(true);
    setTimeout(() => setCopied(false), COPY_SUCCESS_MS);
  };
  return (
    <div className="mt-1 flex gap-2">
      <input readOnly value={value} onFocus={(e) => e.currentTarget.select()} onClick={(e) => e.currentTarget.select()} aria-label="邀请链接"
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm" />
      <button type="button" onClick={copy} className="h-11 shrink-0 rounded-lg bg-brand px-4 text-sm font-medium text-white">
        {copied ? "已复制" : "复制链接"}
      </button>
    </div>
  );
}
