import type { Metadata } from "next";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";

export const metadata: Metadata = { title: "确认订单", description: "订单确认：套餐、金额与支付方式。", robots: { index: false } };

export default function PayPage() {
  return <PaymentUnavailable title="确认订单" />;
}
