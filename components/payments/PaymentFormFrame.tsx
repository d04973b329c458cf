"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { formatYuanFromFen } from "@/lib/domain/format";

function Skeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-3" data-testid="stripe-skeleton">
      <div className="flex gap-2">
        <div className="h-14 flex-1 rounded-lg bg-slate-100" />
        <div className="h-14 flex-1 rounded-lg bg-slate-100" />
        <div className="h-14 flex-1 rounded-lg bg-slate-100" />
      </div>
      <div className="h-11 rounded-lg bg-slate-100" />
      <div className="flex gap-3">
        <div className="h-11 flex-1 rounded-lg bg-slate-100" />
        <div className="h-11 flex-1 rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}

/** The payment form around the Payment Element (a skeleton until it is ready) with its 支付 button. */
export function PaymentFormFrame({ amount, elementReady, submitting, error, onSubmit, children }: {
  amount: number;
  elementReady: boolean;
  submitting: boolean;
  error: string;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  return (
    <form
      aria-label="填写支付信息"
      className="space-y-4"
      data-testid="stripe-payment"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {!elementReady ? <Skeleton /> : null}
      <div className={elementReady ? undefined : "h-0 overflow-hidden"}>{children}</div>
      <Button type="submit" size="lg" block loading={submitting} disabled={!elementReady} data-testid="stripe-submit">
        支付 {formatYuanFromFen(amount)}
      </Button>
      {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      <p className="text-center text-xs text-slate-500">支付由 Stripe 处理，本站不保存你的卡号。</p>
    </form>
  );
}
