"use client";

import { ExternalLink } from "lucide-react";
import Link from "@/components/ui/Link";
import { useRef, useState } from "react";
import { submitJson } from "@/lib/client/request";
import { Button, buttonClass } from "@/components/ui/Button";
import { resultHref } from "./pay-helpers";

/** Opens Stripe's hosted Checkout page for the order (the server makes the session; we only follow its URL). */
export function HostedCheckoutButton({ orderGuid }: { orderGuid: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; status: number } | null>(null);
  const inFlight = useRef(false);

  async function go() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    const result = await submitJson(`/api/pay/orders/${encodeURIComponent(orderGuid)}/checkout`, {});
    const url = result.body.url;
    if (result.ok && typeof url === "string" && /^https?:\/\//.test(url)) {
      // Stay busy until the browser leaves the page.
      window.location.assign(url);
      return;
    }
    setError({ message: result.message || "无法打开收银台，请稍后再试", status: result.status });
    setPending(false);
    inFlight.current = false;
  }

  return (
    <div className="space-y-3">
      <Button size="lg" block loading={pending} onClick={() => void go()} data-testid="hosted-checkout">
        前往 Stripe 收银台支付
        <ExternalLink aria-hidden="true" size={16} />
      </Button>
      {pending ? <p className="text-center text-sm text-slate-500">正在打开 Stripe 收银台…</p> : null}
      {error ? (
        <div className="space-y-2">
          <p role="alert" className="text-sm text-red-700">{error.message}</p>
          {error.status === 409 || error.status === 410 ? (
            <Link href={resultHref(orderGuid)} className={buttonClass("secondary", "sm")}>查看订单状态</Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
