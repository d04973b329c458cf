import Link from "@/components/ui/Link";
import { CreditCard } from "lucide-react";

/** What every payment page says while no payment provider is configured. */
export function PaymentUnavailable({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <CreditCard aria-hidden className="mx-auto h-10 w-10 text-slate-500" strokeWidth={1.5} />
      <h1 className="mt-3 text-lg font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">在线支付暂未开通，当前无法下单，也不会产生任何扣款。</p>
      <Link href="/price" className="mt-5 inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 text-sm">查看会员价格</Link>
    </div>
  );
}
