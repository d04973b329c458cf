import type { Metadata } from "next";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";

export const metadata: Metadata = { title: "银行卡支付", description: "跳转到支付页面完成订单支付。", robots: { index: false } };

export default function StripePay1Page() {
  return <PaymentUnavailable title="银行卡支付" />;
}
