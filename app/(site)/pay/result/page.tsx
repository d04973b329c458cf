import type { Metadata } from "next";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";

export const metadata: Metadata = { title: "支付结果", description: "订单支付结果。", robots: { index: false } };

export default function PayResultPage() {
  return <PaymentUnavailable title="支付结果" />;
}
