"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { submitJson } from "@/lib/client/request";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import type { OrderView } from "@/lib/domain/payments/types";
import { resultHref } from "./pay-helpers";

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

const fieldClass =
  "block h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 tabular-nums focus:border-brand focus:ring-2 focus:ring-brand/20 focus:outline-none disabled:bg-slate-50";

/**
 * The 测试模式 card form: charges the order with a Stripe test card number through the test provider. A declined
 * card shows the reason here and keeps what was typed, so another card can be tried at once.
 */
export function TestCardForm({ orderGuid, cards = [] }: { orderGuid: string; cards?: readonly TestCard[] }) {
  const id = useId();
  const router = useRouter();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");
  // The order was paid meanwhile (another tab): nothing to pay, show where to look.
  const [settled, setSettled] = useState(false);
  const inFlight = useRef(false);
  const numberRef = useRef<HTMLInputElement>(null);

  function problem(): string {
    const digits = number.replace(/\D/g, "");
    if (digits.length < 13) return "请输入完整的卡号";
    if (!/^\d{2}\/\d{2}$/.test(expiry)) return "请按 MM/YY 填写有效期";
    const month = Number(expiry.slice(0, 2));
    if (month < 1 || month > 12) return "有效期月份应为 01–12";
    if (!/^\d{3,4}$/.test(cvc)) return "请输入 3 或 4 位安全码";
    return "";
  }

  async function submit() {
    if (inFlight.current) return;
    const p = problem();
    setError(p);
    if (p) return;
    inFlight.current = true;
    setPending(true);
    setSettled(false);
    const result = await submitJson(TEST_PAY_API, { orderGuid, number: number.replace(/\D/g, ""), expiry, cvc });
    if (result.ok) {
      router.push(resultHref(orderGuid));
      return;
    }
    setError(result.message || "支付失败，请稍后再试");
    const order = result.body.order as OrderView | undefined;
    if (result.status === 409 || (order && order.status !== "pending" && order.status !== "failed")) setSettled(true);
    setPending(false);
    inFlight.current = false;
  }

  function fillCard(card: TestCard) {
    setNumber(formatCardNumber(card.number));
    if (!expiry) setExpiry("12/34");
    if (!cvc) setCvc(card.number.length === 15 ? "1234" : "123");
    setError("");
    numberRef.current?.focus();
  }

  return (
    <div className="space-y-6">
      <form
        aria-label="测试卡支付"
        noValidate
        className="grid grid-cols-2 gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="col-span-2">
          <label htmlFor={`${id}-number`} className="mb-1 block text-sm text-slate-600">卡号</label>
          <input
            ref={numberRef}
            id={`${id}-number`}
            name="cardnumber"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            maxLength={23}
            disabled={pending}
            aria-invalid={error ? true : undefined}
            className={cn(fieldClass, "font-mono tracking-wide")}
            data-testid="test-card-number"
          />
        </div>
        <div>
          <label htmlFor={`${id}-expiry`} className="mb-1 block text-sm text-slate-600">有效期</label>
          <input
            id={`${id}-expiry`}
            name="exp-date"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            disabled={pending}
            className={fieldClass}
            data-testid="test-card-expiry"
          />
        </div>
        <div>
          <label htmlFor={`${id}-cvc`} className="mb-1 block text-sm text-slate-600">安全码</label>
          <input
            id={`${id}-cvc`}
            name="cvc"
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, "").slice(0, 4))}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            disabled={pending}
            className={fieldClass}
            data-testid="test-card-cvc"
          />
        </div>
        {error ? (
          <div role="alert" className="col-span-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="test-card-error">
            {error}
            {settled ? (
              <>
                {" "}
                <Link href={resultHref(orderGuid)} className="font-medium underline underline-offset-2">查看支付结果</Link>
              </>
            ) : null}
          </div>
        ) : null}
        <div className="col-span-2">
          <Button type="submit" size="lg" block loading={pending} data-testid="test-card-submit">
            模拟支付
          </Button>
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
