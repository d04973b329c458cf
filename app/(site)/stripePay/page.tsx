import type { Metadata } from "next";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";

export const metadata: Metadata = { title: "银行卡支付", description: "使用银行卡完成订单支付。", robots: { index: false } };

export default function StripePayPage() {
  return <PaymentUnavailable title="银行卡支付" />;
}
