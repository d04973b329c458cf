"use client";

import Link from "@/components/ui/Link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { digitsOnly, FeedbackLine, Field, fieldClass, formatted, SubmitButton, useSchemaForm } from "@/components/ui/form";
import type { OrderView } from "@/lib/domain/payments/types";
import { resultHref } from "./pay-helpers";

const testCardSchema = () => import("@/lib/domain/payments/schemas").then((m) => m.TestCardForm);

export const TEST_PAY_API = "/api/pay/test";

export interface TestCard {
  number: string;
  label: string;
  outcome: string;
}

/** Digits only, at most 19, shown in groups of four: 4242 4242 4242 4242. */
export function formatCardNumber(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** MM/YY as typed: the slash appears after the month. */
export function formatExpiry(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** The card's three inputs, as a card form lays them out (the number marked when a payment is refused). */
const CARD_FIELDS = [
  { name: "number", label: "卡号", format: formatCardNumber, autoComplete: "cc-number", placeholder: "4242 4242 4242 4242", maxLength: 23, className: "col-span-2", inputClass: "font-mono tracking-wide" },
  { name: "expiry", label: "有效期", format: formatExpiry, autoComplete: "cc-exp", placeholder: "MM/YY", maxLength: 5 },
  { name: "cvc", label: "安全码", format: digitsOnly(4), autoComplete: "cc-csc", placeholder: "CVC", maxLength: 4 },
] as const;

const cardInputClass = cn(fieldClass, "h-12 tabular-nums disabled:bg-slate-50");

/**
 * The 测试模式 card form: charges the order with a Stripe test card number through the test provider. A declined
 * card shows the reason here and keeps what was typed, so another card can be tried at once.
 */
export function TestCardForm({ orderGuid, cards = [] }: { orderGuid: string; cards?: readonly TestCard[] }) {
  const router = useRouter();
  // The order was paid meanwhile (another tab): nothing to pay, show where to look.
  const [settled, setSettled] = useState(false);
  const { register, getValues, setValue, setFocus, feedback, setFeedback, pending, submitTo } = useSchemaForm(testCardSchema, { number: "", expiry: "", cvc: "" });

  const submit = submitTo(TEST_PAY_API, (card) => ({ orderGuid, ...card }), (result) => {
    if (result.ok) {
      router.push(resultHref(orderGuid));
      return "leaving";
    }
    const order = result.body.order as OrderView | undefined;
    setSettled(result.status === 409 || (order !== undefined && order.status !== "pending" && order.status !== "failed"));
    return { tone: "error", text: result.message || "支付失败，请稍后再试" };
  });

  function fillCard(card: TestCard) {
    setValue("number", formatCardNumber(card.number));
    if (!getValues("expiry")) setValue("expiry", "12/34");
    if (!getValues("cvc")) setValue("cvc", card.number.length === 15 ? "1234" : "123");
    setFeedback(null);
    setFocus("number");
  }

  const refused = feedback?.tone === "error";
  return (
    <div className="space-y-6">
      <form aria-label="测试卡支付" noValidate className="grid grid-cols-2 gap-4" onSubmit={submit}>
        {CARD_FIELDS.map((f) => (
          <Field key={f.name} label={f.label} invalid={f.name === "number" && refused} className={"className" in f ? f.className : undefined}>
            {(control) => (
              <input
                {...control}
                {...formatted(register(f.name), f.format)}
                inputMode="numeric"
                autoComplete={f.autoComplete}
                placeholder={f.placeholder}
                maxLength={f.maxLength}
                disabled={pending}
                className={cn(cardInputClass, "inputClass" in f && f.inputClass)}
                data-testid={`test-card-${f.name}`}
              />
            )}
          </Field>
        ))}
        <FeedbackLine feedback={feedback} testId="test-card-error" className="col-span-2">
          {settled ? (
            <>
              {" "}
              <Link href={resultHref(orderGuid)} className="font-medium underline underline-offset-2">查看支付结果</Link>
            </>
          ) : null}
        </FeedbackLine>
        <div className="col-span-2">
          <SubmitButton pending={pending} data-testid="test-card-submit">模拟支付</SubmitButton>
        </div>
      </form>

      {cards.length ? (
        <div>
          <h2 className="mb-2 text-sm font-medium text-slate-700">测试卡号（有效期填任意未来日期，安全码任意 3 位，美国运通 4 位）</h2>
          {/* relative: the visually hidden 操作 label stays inside the scroll box instead of widening the page. */}
          <div className="relative overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm" data-testid="test-cards">
              <thead className="bg-slate-50 text-slate-500">
                <tr>
                  <th className="px-2 py-2 font-normal sm:px-3">卡号</th>
                  <th className="px-2 py-2 font-normal sm:px-3">结果</th>
                  <th className="px-2 py-2 font-normal sm:px-3"><span className="sr-only">操作</span></th>
                </tr>
              </thead>
              <tbody>
                {cards.map((card) => (
                  <tr key={card.number} className="border-t border-slate-100">
                    {/* smaller on a phone, so that the 填入 button fits beside the number and its result */}
                    <td className="px-2 py-2 font-mono text-xs whitespace-nowrap tabular-nums sm:px-3 sm:text-sm">{formatCardNumber(card.number)}</td>
                    <td className={cn("px-2 py-2 sm:px-3", card.outcome === "succeeds" ? "text-slate-800" : "text-red-700")}>{card.label}</td>
                    <td className="px-2 py-2 text-right sm:px-3">
                      <button
                        type="button"
                        onClick={() => fillCard(card)}
                        disabled={pending}
                        className="min-h-10 rounded-md px-2 whitespace-nowrap text-brand hover:bg-brand-soft disabled:opacity-60"
                        aria-label={`填入 ${card.label}`}
                      >
                        填入
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </div>
  );
}
