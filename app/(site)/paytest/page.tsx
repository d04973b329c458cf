import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PaymentUnavailable } from "@/components/site/PaymentUnavailable";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "支付测试（测试模式）", robots: { index: false } };

/** Exists only with PAYMENT_TEST_MODE=1; a 404 otherwise. */
export default function PayTestPage() {
  if (!config().paymentTestMode) notFound();
  return <PaymentUnavailable title="支付测试（测试模式）" />;
}
