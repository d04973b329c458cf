"use client";

import Link from "@/components/ui/Link";
import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { methodNames, type Wallet } from "@/lib/domain/payments/offer";
import type { PayMethod } from "@/lib/domain/payments/types";
import { TestModeBadge } from "./TestModeBadge";
import { useCreateOrder } from "./use-create-order";

export { ORDERS_API } from "./use-create-order";

const METHOD_TEXT: Record<PayMethod, { title: string; hint: string }> = {
  card: { title: "银行卡", hint: "在本站页面完成支付，由 Stripe 安全处理" },
  checkout: { title: "Stripe 收银台", hint: "跳转到 Stripe 官方收银台页面支付" },
  test: { title: "测试支付", hint: "使用测试卡号走完支付流程，不会产生真实扣款" },
};

export interface ConfirmOrderFormProps {
  planId: string;
  /** The methods on offer, in order; the first is preselected. Must not be empty. */
  methods: PayMethod[];
  /** Monthly plans may renew automatically (not with the 测试模式 provider). */
  renewable: boolean;
  /** The amount as shown on the button, e.g. ¥68.00. */
  amountText: string;
  /**
   * "full": method choice, auto-renewal, agreement and the button (/pay).
   * "compact": only the button, for a list of plans with one fixed method (/paytest).
   */
  variant?: "full" | "compact";
  /** Text of the button; 确认支付 {amount} by default. */
  submitLabel?: string;
  /** The wallets Stripe offers beside cards (lib/server/payments/wallets): named in the card method's title. */
  wallets?: readonly Wallet[];
}

/** Creates the order (one per page view, whatever the number of clicks) and goes where the server says. */
export function ConfirmOrderForm({ planId, methods, renewable, amountText, variant = "full", submitLabel, wallets = [] }: ConfirmOrderFormProps) {
  const id = useId();
  const [method, setMethod] = useState<PayMethod>(methods[0] ?? "card");
  const [autoRenew, setAutoRenew] = useState(false);
  const { create, pending, error } = useCreateOrder();

  const canRenew = renewable && method !== "test";
  const submit = () => create({ planId, method, autoRenew: canRenew && autoRenew });

  const label = submitLabel ?? `确认支付 ${amountText}`;

  return (
    <form
      aria-label={variant === "full" ? "确认订单" : undefined}
      className={variant === "full" ? "space-y-5" : "space-y-2"}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {variant === "full" ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">支付方式</legend>
          <div className="space-y-2">
            {methods.map((m) => {
              const active = m === method;
              return (
                <label
                  key={m}
                  className={cn(
                    "flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors",
                    active ? "border-brand bg-brand-soft" : "border-slate-200 bg-white hover:border-slate-300",
                    m === "test" && "border-dashed",
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-method`}
                    value={m}
                    checked={active}
                    disabled={pending}
                    onChange={() => setMethod(m)}
                    className="size-4 shrink-0 accent-[var(--color-brand)]"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2 text-[15px] font-medium text-slate-800">
                      {m === "card" ? methodNames({ stripe: true, testMode: false, wallets }).join(" / ") : METHOD_TEXT[m].title}
                      {m === "test" ? <TestModeBadge /> : null}
                    </span>
                    <span className="block text-xs text-slate-600">{METHOD_TEXT[m].hint}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}

      {canRenew ? (
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-[15px] text-slate-700">
          <input
            type="checkbox"
            checked={autoRenew}
            disabled={pending}
            onChange={(e) => setAutoRenew(e.target.checked)}
            className="size-4 shrink-0 accent-[var(--color-brand)]"
          />
          到期自动续费，可随时取消
        </label>
      ) : null}
      {canRenew && autoRenew && variant === "full" ? (
        <p className="-mt-3 text-xs text-slate-500">每个周期到期时按 {amountText} 自动扣款；可在“自动续费与邮件订阅”页面取消，已付费期间照常使用。</p>
      ) : null}

      {variant === "full" ? (
        <p className="text-xs text-slate-500">
          点击确认即表示你已阅读并同意
          <Link href="/terms" className="text-brand underline underline-offset-2" target="_blank">
            《用户协议》
          </Link>
          （含付费、续费与退款规则）。
        </p>
      ) : null}

      <Button type="submit" size={variant === "full" ? "lg" : "md"} block loading={pending} data-testid="confirm-order">
        {label}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
