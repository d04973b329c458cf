"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useState } from "react";
import { PaymentFormFrame } from "./PaymentFormFrame";

const PAYMENT_ELEMENT_OPTIONS = { layout: "tabs" } as const;

/** Stripe's brand colours in our tokens; Chinese labels. */
const APPEARANCE = {
  theme: "stripe" as const,
  variables: {
    colorPrimary: "#1d4ed8",
    colorDanger: "#b91c1c",
    borderRadius: "8px",
    fontFamily: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  },
};

/** Stripe's error for the member (Stripe localises its messages with locale zh), or ours. */
function confirmErrorText(error: { type?: string; message?: string } | undefined): string {
  if (error && (error.type === "card_error" || error.type === "validation_error") && error.message) return error.message;
  return "支付未完成，请检查支付信息后重试；如已扣款，请勿重复支付。";
}

/**
 * react-stripe-js's <Elements> with the Payment Element. StripePaymentForm loads this module together with Stripe.js,
 * once the order's client secret has arrived: neither is part of the page's first load (ADR 0062).
 */
export function StripeElements({ stripe, clientSecret, orderGuid, amount, onUnavailable }: {
  stripe: Stripe;
  clientSecret: string;
  orderGuid: string;
  amount: number;
  onUnavailable: () => void;
}) {
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: APPEARANCE, locale: "zh" }}>
      <PaymentFields orderGuid={orderGuid} clientSecret={clientSecret} amount={amount} onUnavailable={onUnavailable} />
    </Elements>
  );
}

/** The Payment Element and its 支付 button, inside <Elements>: confirms with Stripe, which redirects on success. */
function PaymentFields({ orderGuid, clientSecret, amount, onUnavailable }: { orderGuid: string; clientSecret: string; amount: number; onUnavailable: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState("");

  async function pay() {
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    setError("");
    const returnUrl = `${window.location.origin}/stripePay/result?order=${encodeURIComponent(orderGuid)}`;
    try {
      // A subscription that starts with a free or zero-amount period hands us a SetupIntent instead.
      const { error: failure } = clientSecret.startsWith("seti_")
        ? await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl } })
        : await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
      // Reaching here means Stripe did not redirect: the payment was not completed.
      setError(confirmErrorText(failure));
    } catch {
      setError("网络异常，请稍后再试");
    }
    setSubmitting(false);
  }

  return (
    <PaymentFormFrame amount={amount} elementReady={elementReady} submitting={submitting} error={error} onSubmit={() => void pay()}>
      <PaymentElement options={PAYMENT_ELEMENT_OPTIONS} onReady={() => setElementReady(true)} onLoadError={onUnavailable} />
    </PaymentFormFrame>
  );
}
