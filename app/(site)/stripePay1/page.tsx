import type { Metadata } from "next";
import type { SearchParamsRecord } from "@/lib/domain/route-params";
import { StripePayView } from "../_views/StripePayView";

export const metadata: Metadata = { title: "银行卡支付", description: "跳转到 Stripe 收银台完成订单支付。", robots: { index: false } };

export default function StripePay1Page({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  return <StripePayView searchParams={searchParams} method="checkout" />;
}
