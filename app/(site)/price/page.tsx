import type { Metadata } from "next";
import { Check, Info } from "lucide-react";
import { PageIntro, Section } from "@/components/content/PageIntro";
import { planValue } from "@/components/payments/pay-helpers";
import { UpgradeButton } from "@/components/site/UpgradeButton";
import { cn } from "@/components/ui/cn";
import { formatPrice } from "@/lib/domain/format";
import { LEVELS } from "@/lib/domain/levels";
import { PERIOD_NAMES, TIER_BENEFITS } from "@/lib/domain/plans";
import { methodNames } from "@/lib/domain/payments/offer";
import { listPlans, paymentAvailability } from "@/lib/server/payments/catalog";
import { offeredWallets } from "@/lib/server/payments/wallets";

export const metadata: Metadata = {
  title: "会员价格",
  description: "普通会员、VIP 与 SVIP 的权益对比与价格：月卡、季卡、年卡可选，月卡支持自动续费，同等级购买有效期顺延。",
  alternates: { canonical: "/price" },
};

const FAQ: { q: string; a: string }[] = [
  { q: "已经是会员，再买会怎样？", a: "同一等级多次购买，有效期在原到期日之后顺延，不会重叠浪费。" },
  { q: "从 VIP 升级 SVIP，VIP 剩余天数会浪费吗？", a: "不会。升级后立即享有 SVIP 权益；原有 VIP 不作废，SVIP 到期后可继续使用到 VIP 原到期日。" },
  { q: "自动续费可以取消吗？", a: "可以。月卡可选择到期自动续费，随时在“自动续费与邮件订阅”页面取消，取消后已付费的时间照常使用。" },
  { q: "可以退款吗？", a: "会员生效后原则上不退款；重复扣款或系统原因导致的错误扣款，核实后全额退回。退款后，对应的会员天数同时失效。" },
];

export default async function PricePage() {
  const plans = await listPlans();
  const availability = paymentAvailability();
  const payable = availability.stripe || availability.testMode;
  const methods = methodNames({ ...availability, wallets: availability.stripe ? await offeredWallets() : [] });

  return (
    <>
      <PageIntro title="会员价格">同一等级多次购买有效期顺延；升级 SVIP 期间，VIP 剩余天数不会浪费。</PageIntro>
      {!payable ? (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600" data-testid="payment-off">
          <Info aria-hidden className="size-4 shrink-0" />
          在线支付暂未开通，暂时无法在线购买。
        </p>
      ) : (
        <p className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="pay-methods">
          <span>支付方式</span>
          {methods.map((m) => (
            <span key={m} className="rounded border border-slate-200 bg-white px-2 py-0.5 text-slate-700">{m}</span>
          ))}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        {LEVELS.map((level) => {
          const own = plans.filter((p) => p.levelId === level.levelId);
          const monthly = own.find((p) => p.period === "month") ?? null;
          const cheapest = own.length ? Math.min(...own.map((p) => p.priceFen)) : null;
          const svip = level.levelId === 200;
          return (
            <section
              key={level.levelId}
              className={cn("relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm", svip ? "border-amber-400 ring-1 ring-amber-200" : "border-slate-200")}
              data-testid={`tier-${level.levelCode}`}
              aria-labelledby={`tier-${level.levelCode}-title`}
            >
              {svip ? (
                <span className="absolute -top-3 right-4 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900">全部权益</span>
              ) : null}
              <h2 id={`tier-${level.levelCode}-title`} className="text-lg font-semibold text-slate-900">{level.levelName}</h2>
              <p className="mt-1 text-sm text-slate-500">
                {level.levelId === 0 ? (
                  "注册即可使用，免费"
                ) : monthly ? (
                  <><span className="text-2xl font-semibold text-up tabular-nums">{formatPrice(monthly.priceFen)}</span> / 月</>
                ) : cheapest !== null ? (
                  `${formatPrice(cheapest)} 起`
                ) : (
                  "暂未开售"
                )}
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                {TIER_BENEFITS[level.levelId].map((b) => (
                  <li key={b} className="flex gap-2"><Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand" />{b}</li>
                ))}
              </ul>
              {own.length ? (
                <ul className="mt-5 space-y-2" aria-label={`${level.levelName} 套餐`}>
                  {own.map((p) => {
                    const value = planValue(p.priceFen, p.period, monthly?.priceFen ?? null);
                    return (
                      <li key={p.id} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2" data-testid={`plan-${p.id}`}>
                        <span className="min-w-0">
                          <span className="block text-[15px] font-medium text-slate-800">
                            {PERIOD_NAMES[p.period]}
                            {p.renewable ? <span className="ml-1.5 rounded bg-brand-soft px-1.5 py-px text-xs font-normal text-brand">可自动续费</span> : null}
                          </span>
                          <span className="block text-xs text-slate-500">
                            {value
                              ? `${p.days} 天 · 约 ${formatPrice(value.perMonthFen)}/月${value.savingFen > 0 ? `，比月卡省 ${formatPrice(value.savingFen)}` : ""}`
                              : `${p.days} 天`}
                          </span>
                        </span>
                        <span className="shrink-0 text-lg font-semibold text-up tabular-nums">{formatPrice(p.priceFen)}</span>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
              {level.levelId > 0 && own.length ? (
                <UpgradeButton
                  levelId={level.levelId}
                  bannerText={`开通${level.levelName}`}
                  className="mt-5 inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand font-medium text-white hover:bg-brand-hover"
                >
                  开通 {level.levelName}
                </UpgradeButton>
              ) : null}
            </section>
          );
        })}
      </div>

      <div className="mt-10">
        <Section title="常见问题">
          <div className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="price-faq">
            {FAQ.map((item) => (
              <details key={item.q} className="group px-4 py-3">
                <summary className="flex min-h-8 cursor-pointer list-none items-center justify-between gap-3 text-[15px] font-medium text-slate-800">
                  {item.q}
                  <span aria-hidden className="text-slate-500 transition-transform group-open:rotate-45">+</span>
                </summary>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.a}</p>
              </details>
            ))}
          </div>
        </Section>
      </div>
    </>
  );
}
