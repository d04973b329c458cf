import type { Metadata } from "next";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";

export const metadata: Metadata = { title: "支付结果", description: "银行卡支付结果。", robots: { index: false } };

export default function StripePayResultPage() {
  return <PaymentUnavailable title="支付结果" />;
}
