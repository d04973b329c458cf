import Link from "@/components/ui/Link";
import type { ReactNode } from "react";
import { Card } from "@/components/content/PageIntro";
import { buttonClass } from "@/components/ui/button-class";
import { Pill } from "@/components/ui/Pill";
import { levelById } from "@/lib/domain/levels";
import type { SubscriptionView } from "@/lib/domain/payments/types";
import { SUBSCRIPTION_TONE_CLASSES, subscriptionState } from "../pay-helpers";

/** A running subscription: its plan, its state, when it charges next or until when the level lasts, and where to manage it. */
function SubscriptionCard({ subscription: s }: { subscription: SubscriptionView }) {
  const state = subscriptionState(s);
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{s.planName}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Pill className={SUBSCRIPTION_TONE_CLASSES[state.tone]}>{state.text}</Pill>
          {s.currentPeriodEnd
            ? state.tone === "active"
              ? `下次扣款日 ${s.currentPeriodEnd}`
              : `${levelById(s.levelId)?.levelName ?? "会员"} 可使用至 ${s.currentPeriodEnd}`
            : null}
        </p>
      </div>
      <Link href="/user/unsubscribe" className={buttonClass("secondary", "sm")}>
        {s.renewing ? "取消自动续费" : "管理"}
      </Link>
    </Card>
  );
}

/** The member's subscriptions still running, one card each, and the ended ones in a line. */
export function AutoRenewList({ current, past, empty }: { current: SubscriptionView[]; past: SubscriptionView[]; empty: ReactNode }) {
  return (
    <>
      {current.length === 0 ? (
        empty
      ) : (
        <ul className="space-y-3" data-testid="subscriptions">
          {current.map((s) => (
            <li key={s.id}>
              <SubscriptionCard subscription={s} />
            </li>
          ))}
        </ul>
      )}
      {past.length ? (
        <p className="mt-3 text-sm text-slate-500">
          已结束的订阅：{past.map((s) => `${s.planName}${s.currentPeriodEnd ? `（${s.currentPeriodEnd}）` : ""}`).join("、")}
        </p>
      ) : null}
    </>
  );
}
