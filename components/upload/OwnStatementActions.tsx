"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { submitJson } from "@/lib/client/request";
import { Button } from "@/components/ui/Button";
import { notify } from "@/lib/client/toast";

/** The owner of a saved statement publishes it to their page, hides it again, or deletes it. */
export function OwnStatementActions({ statementId, isPublic }: { statementId: string; isPublic: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function act(action: "publish" | "unpublish" | "delete") {
    setPending(true);
    const result = await submitJson(`/api/statements/${statementId}`, { action });
    setPending(false);
    notify({ type: result.ok ? "success" : "error", message: result.message });
    if (!result.ok) return;
    if (action === "delete") router.push("/upload");
    else router.refresh();
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="own-statement-actions">
      <Button size="sm" variant="secondary" disabled={pending} onClick={() => act(isPublic ? "unpublish" : "publish")}>
        {isPublic ? "设为仅自己可见" : "公开到我的主页"}
      </Button>
      {confirming ? (
        <>
          <span className="text-sm text-slate-600">删除后不可恢复，确定吗？</span>
          <Button size="sm" variant="primary" className="bg-red-600 hover:bg-red-700" disabled={pending} onClick={() => act("delete")}>确定删除</Button>
          <Button size="sm" variant="secondary" disabled={pending} onClick={() => setConfirming(false)}>取消</Button>
        </>
      ) : (
        <Button size="sm" variant="secondary" disabled={pending} onClick={() => setConfirming(true)}>删除</Button>
      )}
    </div>
  );
}
