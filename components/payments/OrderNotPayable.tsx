import { ReceiptText, SearchX } from "lucide-react";
import Link from "@/components/ui/Link";
import { buttonClass } from "@/components/ui/button-class";
import type { OrderView } from "@/lib/domain/payments/types";
import { resultHref } from "./pay-helpers";

/**
 * What a payment page shows instead of the form when the order cannot be paid there: unknown (or someone else's)
 * order, or an order that is no longer pending (`statusLabel` is its status in Chinese).
 */
export function OrderNotPayable({ order, statusLabel }: { order: OrderView | null; statusLabel?: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm" data-testid="order-not-payable">
      {order ? (
        <ReceiptText aria-hidden className="mx-auto h-10 w-10 text-slate-500" strokeWidth={1.5} />
      ) : (
        <SearchX aria-hidden className="mx-auto h-10 w-10 text-slate-500" strokeWidth={1.5} />
      )}
      {order ? (
        <>
          <h1 className="mt-3 text-lg font-semibold">{statusLabel ? `该订单${statusLabel}` : "该订单无需支付"}</h1>
          <p className="mt-2 text-sm text-slate-600">这个订单已不在待支付状态，无需再次付款。</p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href={resultHref(order.orderGuid)} className={buttonClass("primary", "md")}>查看支付结果</Link>
            <Link href="/user/subscription" className={buttonClass("secondary", "md")}>我的订阅</Link>
          </div>
        </>
      ) : (
        <>
          <h1 className="mt-3 text-lg font-semibold">订单不存在</h1>
          <p className="mt-2 text-sm text-slate-600">没有找到这个订单，或它不属于当前登录的账号。</p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/price" className={buttonClass("primary", "md")}>查看会员价格</Link>
            <Link href="/user/subscription" className={buttonClass("secondary", "md")}>我的订阅</Link>
          </div>
        </>
      )}
    </div>
  );
}

/** Above the form of an order whose last attempt failed: why, and that trying again is fine. */
export function FailedBefore({ message }: { message: string | null }) {
  return (
    <p role="note" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="failed-before">
      上次支付未成功{message ? `：${message}` : ""}。本次未扣款，可以换一张卡或换一种方式再试。
    </p>
  );
}
