"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { submitJson } from "@/lib/client/request";
import { Button } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { cn } from "@/components/ui/cn";
import { levelById } from "@/lib/domain/levels";
import type { SubscriptionView } from "@/lib/domain/payments/types";
import { SUBSCRIPTION_TONE_CLASSES, subscriptionState } from "./pay-helpers";

export const SUBSCRIPTION_API = "/api/user/subscription";

export interface AutoRenewToggleProps {
  subscription: SubscriptionView;
  /** Today in Asia/Shanghai (`YYYY-MM-DD`): renewal can be turned back on until the paid period ends. */
  today: string;
}

/**
 * One subscription with its auto-renewal switch: cancelling asks first and explains that access stays until the
 * paid period ends; until then it can be turned back on.
 */
export function AutoRenewToggle({ subscription, today }: AutoRenewToggleProps) {
  const router = useRouter();
  const [sub, setSub] = useState(subscription);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const state = subscriptionState(sub);
  const ended = state.tone === "ended" || (sub.currentPeriodEnd !== null && sub.currentPeriodEnd < today);
  const end = sub.currentPeriodEnd;
  const levelName = levelById(sub.levelId)?.levelName ?? "会员";

  async function setRenew(renew: boolean): Promise<boolean> {
    setSending(true);
    setNotice(null);
    const result = await submitJson(SUBSCRIPTION_API, { subscriptionId: sub.id, renew });
    setSending(false);
    const next = result.body.subscription as SubscriptionView | undefined;
    if (!result.ok) {
      setNotice({ ok: false, text: result.message });
      // Changed elsewhere (another tab, the webhook): show the current state.
      if (result.status === 409) startRefresh(() => router.refresh());
      return false;
    }
    setSub(next && typeof next.id === "string" ? next : { ...sub, renewing: renew, status: sub.status === "canceling" && renew ? "active" : sub.status });
    setNotice({ ok: true, text: result.message || (renew ? "已恢复自动续费" : "已取消自动续费") });
    startRefresh(() => router.refresh());
    return true;
  }

  const busy = sending || refreshing;

  return (
    <div data-testid="subscription-item">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{sub.planName}</p>
          <p className="mt-1">
            <span className={cn("inline-block rounded px-1.5 py-px text-xs font-medium", SUBSCRIPTION_TONE_CLASSES[state.tone])} data-testid="subscription-status">
              {state.text}
            </span>
          </p>
          {end ? (
            <p className="mt-1 text-sm text-slate-600">
              {state.tone === "active" ? `下次扣款日 ${end}` : state.tone === "ended" ? `已于 ${end} 结束` : `${levelName} 可使用至 ${end}`}
            </p>
          ) : null}
        </div>
        <div className="shrink-0">
          {sub.renewing && !ended ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => {
                setNotice(null);
                setConfirming(true);
              }}>
              取消自动续费
            </Button>
          ) : !sub.renewing && !ended && state.tone === "canceling" ? (
            <Button size="sm" loading={busy} onClick={() => void setRenew(true)}>
              恢复自动续费
            </Button>
          ) : null}
        </div>
      </div>
      {notice && !confirming ? (
        <p role={notice.ok ? "status" : "alert"} className={cn("mt-2 text-sm", notice.ok ? "text-slate-700" : "text-red-700")}>
          {notice.text}
        </p>
      ) : null}

      <LazyDialog
        open={confirming}
        onOpenChange={(open) => (busy ? undefined : setConfirming(open))}
        title="取消自动续费？"
        footer={
          <>
            <Button variant="secondary" block disabled={busy} onClick={() => setConfirming(false)}>
              暂不取消
            </Button>
            <Button
              block
              loading={busy}
              onClick={async () => {
                if (await setRenew(false)) setConfirming(false);
              }}
            >
              确认取消
            </Button>
          </>
        }
      >
        <div className="space-y-2 text-[15px] leading-relaxed text-slate-700">
          <p>取消后不会再自动扣款。</p>
          <p>
            已付费的时间不受影响：{sub.planName}
            {end ? <>仍可使用至 <strong className="font-semibold text-slate-900">{end}</strong></> : "仍可使用到本期结束"}。
          </p>
          <p className="text-sm text-slate-500">在到期前，你可以随时恢复自动续费。</p>
          {notice && !notice.ok ? (
            <p role="alert" className="text-sm text-red-700">
              {notice.text}
            </p>
          ) : null}
        </div>
      </LazyDialog>
    </div>
  );
}
