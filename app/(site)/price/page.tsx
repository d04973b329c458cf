import type { Metadata } from "next";
import { Check } from "lucide-react";
import { PageIntro } from "@/components/content/PageIntro";
import { UpgradeButton } from "@/components/site/UpgradeButton";
import { formatPrice } from "@/lib/domain/format";
import { LEVELS } from "@/lib/domain/levels";
import { DEFAULT_PLANS, PERIOD_NAMES, TIER_BENEFITS } from "@/lib/domain/plans";

export const metadata: Metadata = {
  title: "会员价格",
  description: "普通会员、VIP 与 SVIP 的权益对比与价格：VIP 月卡 ¥68，SVIP 月卡 ¥128，季卡、年卡更优惠。",
};

export default function PricePage() {
  return (
    <>
      <PageIntro title="会员价格">同一等级多次购买有效期顺延；升级 SVIP 期间，VIP 剩余天数不会浪费。</PageIntro>
      <div className="grid gap-4 md:grid-cols-3">
        {LEVELS.map((level) => {
          const plans = DEFAULT_PLANS.filter((p) => p.levelId === level.levelId);
          return (
            <section key={level.levelId} className={`flex flex-col rounded-2xl border bg-white p-5 shadow-sm ${level.levelId === 200 ? "border-amber-400" : "border-slate-200"}`} data-testid={`tier-${level.levelCode}`}>
              <h2 className="text-lg font-semibold">{level.levelName}</h2>
              <p className="mt-1 text-sm text-slate-500">{level.levelId === 0 ? "注册即可使用" : `${formatPrice(plans[0]!.priceFen)} / 月起`}</p>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                {TIER_BENEFITS[level.levelId].map((b) => (
                  <li key={b} className="flex gap-2"><Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand" />{b}</li>
                ))}
              </ul>
              {plans.length ? (
                <ul className="mt-5 space-y-2">
                  {plans.map((p) => (
                    <li key={p.id} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
                      <span className="text-sm">{PERIOD_NAMES[p.period]}{p.renewable ? <span className="ml-1 text-xs text-slate-500">可自动续费</span> : null}</span>
                      <span className="font-semibold text-red-600">{formatPrice(p.priceFen)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {level.levelId > 0 ? (
                <UpgradeButton levelId={level.levelId} bannerText={`开通${level.levelName}`} className="mt-5 inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand font-medium text-white">
                  开通 {level.levelName}
                </UpgradeButton>
              ) : null}
            </section>
          );
        })}
      </div>
    </>
  );
}
