"use client";

import { Check, Crown, Info } from "lucide-react";
import Link from "@/components/ui/Link";
import { useState } from "react";
import { LEVELS } from "@/lib/domain/levels";
import type { PayOffer } from "@/lib/domain/payments/offer";
import { PERIOD_NAMES, TIER_BENEFITS, type Plan } from "@/lib/domain/plans";
import { buttonClass } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { cn } from "@/components/ui/cn";
import { usePayState } from "./pay-state";
import { formatPrice } from "@/lib/domain/format";

type PlanPeriod = Plan["period"];

/** One purchasable plan of the catalog (lib/domain/plans `Plan`; the server passes them, prices in fen). */
export type PayPlan = Pick<Plan, "id" | "levelId" | "name" | "period" | "priceFen"> & Partial<Pick<Plan, "renewable">>;

export interface PayDialogProps {
  plans: readonly PayPlan[];
  /** Whether a purchase can start; when not, 立即开通 is disabled with the reason beside it. Available by default. */
  payment?: PayOffer;
}

const AVAILABLE: PayOffer = { available: true, reason: null };

// The plans' names are the pages' (月卡 / 季卡 / 年卡, lib/domain/plans PERIOD_NAMES): one word everywhere.
const PERIOD: Record<PlanPeriod, { label: string; unit: string; months: number }> = {
  month: { label: PERIOD_NAMES.month, unit: "月", months: 1 },
  quarter: { label: PERIOD_NAMES.quarter, unit: "季", months: 3 },
  year: { label: PERIOD_NAMES.year, unit: "年", months: 12 },
};
const PERIOD_ORDER: PlanPeriod[] = ["month", "quarter", "year"];

/** `/pay?plan=<id>&<params>`; params may start with ? or &. */
export function payHref(planId: string, params: string): string {
  const extra = params.replace(/^[?&]+/, "");
  return `/pay?plan=${encodeURIComponent(planId)}${extra ? `&${extra}` : ""}`;
}

function PayBody({ plans, payment, defaultLevelId, bannerText, params, onContinue }: {
  plans: readonly PayPlan[];
  payment: PayOffer;
  defaultLevelId: number;
  bannerText: string;
  params: string;
  onContinue: () => void;
}) {
  const tiers = LEVELS.filter((level) => plans.some((p) => p.levelId === level.levelId)).map((level) => {
    const own = plans.filter((p) => p.levelId === level.levelId);
    const sorted = [...own].sort((a, b) => PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period));
    return { level, plans: sorted, monthly: own.find((p) => p.period === "month") ?? sorted[0]! };
  });
  const initialTier = tiers.find((t) => t.level.levelId === defaultLevelId) ?? tiers[0];
  const [levelId, setLevelId] = useState(initialTier?.level.levelId);
  const tier = tiers.find((t) => t.level.levelId === levelId) ?? initialTier;
  const [planId, setPlanId] = useState(initialTier?.monthly.id);
  const plan = tier?.plans.find((p) => p.id === planId) ?? tier?.monthly;

  if (!tier || !plan) return <p className="py-6 text-center text-sm text-slate-500">暂无可购买的会员套餐</p>;

  const monthlyFen = tier.monthly.period === "month" ? tier.monthly.priceFen : null;

  return (
    <div className="space-y-4">
      {bannerText ? (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="pay-banner">
          <Crown aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-amber-600" />
          {bannerText}
        </p>
      ) : null}

      <div role="radiogroup" aria-label="会员等级" className="grid grid-cols-2 gap-3">
        {tiers.map((t) => {
          const active = t.level.levelId === tier.level.levelId;
          return (
            <button
              key={t.level.levelId}
              type="button"
              role="radio"
              aria-checked={active}
              onClick={() => {
                setLevelId(t.level.levelId);
                setPlanId(t.monthly.id);
              }}
              className={cn(
                "flex min-h-20 flex-col items-start justify-center rounded-xl border-2 px-3 py-2 text-left transition-colors",
                active ? "border-brand bg-brand-soft" : "border-slate-200 bg-white hover:border-slate-300",
              )}
            >
              <span className={cn("text-base font-semibold", active ? "text-brand" : "text-slate-800")}>{t.level.levelName}</span>
              <span className="text-sm text-slate-600">
                <span className="text-lg font-semibold text-up">{formatPrice(t.monthly.priceFen)}</span>/{PERIOD[t.monthly.period].unit}
              </span>
            </button>
          );
        })}
      </div>

      <ul className="space-y-1.5 text-sm text-slate-700">
        {(TIER_BENEFITS[tier.level.levelId as keyof typeof TIER_BENEFITS] ?? []).map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-brand" />
            {benefit}
          </li>
        ))}
      </ul>

      <div role="radiogroup" aria-label="购买时长" className="space-y-2">
        {tier.plans.map((p) => {
          const active = p.id === plan.id;
          const months = PERIOD[p.period].months;
          const saving = monthlyFen !== null && months > 1 ? monthlyFen * months - p.priceFen : 0;
          return (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={active}
              onClick={() => setPlanId(p.id)}
              className={cn(
                "flex min-h-12 w-full items-center gap-3 rounded-xl border px-3 py-2 text-left transition-colors",
                active ? "border-brand bg-brand-soft" : "border-slate-200 bg-white hover:border-slate-300",
              )}
            >
              <span
                aria-hidden="true"
                className={cn("flex size-4 shrink-0 items-center justify-center rounded-full border-2", active ? "border-brand" : "border-slate-300")}
              >
                {active ? <span className="size-2 rounded-full bg-brand" /> : null}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-[15px] font-medium text-slate-800">{PERIOD[p.period].label}</span>
                {months > 1 ? (
                  <span className="block text-xs text-slate-500">
                    约{formatPrice(Math.round(p.priceFen / months))}/月{saving > 0 ? `，省${formatPrice(saving)}` : ""}
                  </span>
                ) : p.renewable ? (
                  <span className="block text-xs text-slate-500">可自动续费，随时取消</span>
                ) : null}
              </span>
              <span className="text-base font-semibold text-slate-900 tabular-nums">{formatPrice(p.priceFen)}</span>
            </button>
          );
        })}
      </div>

      {payment.available ? (
        <Link href={payHref(plan.id, params)} onClick={onContinue} className={buttonClass("primary", "lg", "w-full")}>
          立即开通 {tier.level.levelName} · {formatPrice(plan.priceFen)}
        </Link>
      ) : (
        <div className="space-y-2">
          <button type="button" disabled aria-describedby="pay-off-reason" className={buttonClass("primary", "lg", "w-full")}>
            立即开通 {tier.level.levelName} · {formatPrice(plan.priceFen)}
          </button>
          <p id="pay-off-reason" className="flex items-center justify-center gap-1.5 text-center text-sm text-slate-600" data-testid="pay-off-reason">
            <Info aria-hidden="true" size={15} className="shrink-0 text-slate-500" />
            {payment.reason ?? "支付暂未开通"}，暂时无法在线购买，不会产生任何扣款
          </p>
        </div>
      )}
    </div>
  );
}

/** The pay dialog of SPEC §3/§4: open it with usePayState().openPay({ levelId, params, bannerText }). */
export function PayDialog({ plans, payment = AVAILABLE }: PayDialogProps) {
  const { visible, defaultLevelId, params, bannerText, closePay } = usePayState();
  return (
    <Dialog open={visible} onOpenChange={(open) => (open ? undefined : closePay())} title="开通会员" width={420}>
      <PayBody plans={plans} payment={payment} defaultLevelId={defaultLevelId} bannerText={bannerText} params={params} onContinue={closePay} />
    </Dialog>
  );
}
