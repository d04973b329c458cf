"use client";

import { useState } from "react";
import { copyToClipboard, selectAll } from "@/components/dialogs/clipboard";
import { Button } from "@/components/ui/Button";
import { notify } from "@/lib/client/toast";
import { useAdminAction } from "../admin-action";
import { strategyApi } from "./strategies-api";

/**
 * Makes an ingest key for a strategy and shows it this once, with a copy button and the warning that it cannot be
 * shown again (only its hash is stored).
 */
export function NewKeyPanel({ guid }: { guid: string }) {
  const { run, pending } = useAdminAction();
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function create() {
    setCopied(false);
    const result = await run(strategyApi(guid), { action: "createKey" }, "已创建接入密钥");
    if (result.ok && typeof result.body.key === "string") setKey(result.body.key);
  }

  async function copy() {
    if (!key) return;
    if (!(await copyToClipboard(key))) {
      notify({ type: "error", message: "复制失败，请手动选中复制" });
      return;
    }
    setCopied(true);
    notify({ type: "success", message: "密钥已复制" });
  }

  if (!key) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void create()} loading={pending}>创建接入密钥</Button>
        <span className="text-xs text-slate-500">策略程序用它调用接入接口；一个策略可以有多把密钥，便于轮换。</span>
      </div>
    );
  }
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-3" data-testid="new-key">
      <p className="text-sm font-medium text-amber-900">新密钥只显示这一次：请立即复制并妥善保存。</p>
      <p className="mt-1 text-xs text-amber-800">服务器只保存它的摘要，关闭后无法再次查看；丢失或泄露时请吊销并新建。不要把密钥写进公开的代码仓库。</p>
      <div className="mt-2 flex gap-2">
        <input
          readOnly
          value={key}
          aria-label="新的接入密钥"
          onFocus={(e) => selectAll(e.currentTarget)}
          onClick={(e) => selectAll(e.currentTarget)}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 font-mono text-sm"
        />
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0">{copied ? "已复制" : "复制"}</Button>
      </div>
      <div className="mt-2 text-right">
        <Button variant="secondary" size="sm" onClick={() => setKey(null)}>我已保存，关闭</Button>
      </div>
    </div>
  );
}
