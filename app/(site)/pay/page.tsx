import type { Metadata } from "next";
import { firstParam } from "@/lib/domain/route-params";
import Link from "@/components/ui/Link";
import { CreditCard } from "lucide-react";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { ConfirmOrderForm } from "@/components/payments/ConfirmOrderForm";
import { availableMethods, purchaseEffect } from "@/components/payments/pay-helpers";
import { buttonClass } from "@/components/ui/button-class";
import { cn } from "@/components/ui/cn";
import { formatYuanFromFen } from "@/lib/domain/format";
import { levelById } from "@/lib/domain/levels";
import { shanghaiDate } from "@/lib/domain/membership";
import { PERIOD_NAMES } from "@/lib/domain/plans";
import { requireViewer } from "@/lib/server/auth/gate";
import { listPlans, paymentAvailability } from "@/lib/server/payments/catalog";
import { offeredWallets } from "@/lib/server/payments/wallets";

export const metadata: Metadata = { title: "确认订单", description: "订单确认：套餐、金额与支付方式。", robots: { index: false } };

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { searchParams: Promise<SearchParams> };


/** /pay?plan=<id> keeping every other parameter as it came (e.g. from=detail&guid=…). */
function withPlan(params: SearchParams, planId: string): string {
  const q = new URLSearchParams();
  q.set("plan", planId);
  for (const [key, value] of Object.entries(params)) {
    if (key === "plan" || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) q.append(key, v);
  }
  return `/pay?${q.toString()}`;
}

export default async function PayPage({ searchParams }: Props) {
  const viewer = await requireViewer();
  const params = await searchParams;
  const planId = firstParam(params.plan).slice(0, 64);
  const plans = await listPlans();
  const plan = plans.find((p) => p.id === planId);

  if (!plan) {
    return (
      <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm" data-testid="plan-missing">
        <CreditCard aria-hidden className="mx-auto h-10 w-10 text-slate-500" strokeWidth={1.5} />
        <h1 className="mt-3 text-lg font-semibold">{planId ? "该套餐不存在或已下架" : "请先选择套餐"}</h1>
        <p className="mt-2 text-sm text-slate-600">请回到会员价格页重新选择套餐，本次没有创建订单，也不会扣款。</p>
        <Link href="/price" className={buttonClass("primary", "md", "mt-5")}>查看会员价格</Link>
      </div>
    );
  }

  const level = levelById(plan.levelId);
  const levelName = level?.levelName ?? "";
  const siblings = plans.filter((p) => p.levelId === plan.levelId);
  const methods = availableMethods(paymentAvailability());
  const wallets = methods.includes("card") ? await offeredWallets() : [];
  const { userInfo } = viewer;
  const effect = purchaseEffect({
    currentLevelId: userInfo.levelId,
    currentLevelName: userInfo.levelName,
    levelEndDate: userInfo.levelEndDate,
    planLevelId: plan.levelId,
    planLevelName: levelName,
    days: plan.days,
    today: shanghaiDate(new Date()),
  });
  const amountText = formatYuanFromFen(plan.priceFen);

  return (
    <div className="mx-auto max-w-xl">
      <PageIntro title="确认订单" aside={<Link href="/price" className="text-sm text-brand hover:underline">查看全部套餐</Link>} />

      <Card className="mb-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-lg font-semibold text-slate-900" data-testid="pay-plan-name">{plan.name}</p>
            <p className="mt-0.5 text-sm text-slate-500">
              {levelName} · {plan.days} 天{plan.renewable ? " · 可自动续费" : ""}
            </p>
          </div>
          <p className="shrink-0 text-2xl font-semibold text-up tabular-nums" data-testid="pay-amount">{amountText}</p>
        </div>
        {siblings.length > 1 ? (
          <nav aria-label="更换时长" className="mt-4 flex gap-2">
            {siblings.map((p) => (
              <Link
                key={p.id}
                href={withPlan(params, p.id)}
                replace
                aria-current={p.id === plan.id ? "page" : undefined}
                className={cn(
                  "flex min-h-10 flex-1 items-center justify-center rounded-lg border px-2 text-sm",
                  p.id === plan.id ? "border-brand bg-brand-soft font-medium text-brand" : "border-slate-200 text-slate-600 hover:border-slate-300",
                )}
              >
                {PERIOD_NAMES[p.period]}
              </Link>
            ))}
          </nav>
        ) : null}
      </Card>

      <Card className="mb-4">
        <p className="text-sm text-slate-500">你的会员</p>
        <p className="mt-1 text-[15px] text-slate-800" data-testid="pay-current-level">
          当前等级 <strong className="font-semibold">{userInfo.levelName}</strong>
          {userInfo.levelEndDate ? `，有效期至 ${userInfo.levelEndDate}` : ""}
        </p>
        <p className="mt-2 text-sm leading-relaxed text-slate-600" data-testid="pay-effect">{effect}</p>
      </Card>

      {methods.length ? (
        <Card>
          <ConfirmOrderForm key={plan.id} planId={plan.id} methods={methods} renewable={plan.renewable} amountText={amountText} wallets={wallets} />
        </Card>
      ) : (
        <Card>
          <p className="text-[15px] font-medium text-slate-800" data-testid="payment-off">在线支付暂未开通</p>
          <p className="mt-1 text-sm text-slate-600">当前无法下单，也不会产生任何扣款。开通后即可在此页面完成购买。</p>
        </Card>
      )}
    </div>
  );
}
