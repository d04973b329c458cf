import type { Metadata } from "next";
import type { SearchParamsRecord } from "@/lib/domain/route-params";
import { StripePayView } from "../_views/StripePayView";

export const metadata: Metadata = { title: "银行卡支付", description: "使用银行卡、支付宝或微信支付完成订单支付。", robots: { index: false } };

export default function StripePayPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  return <StripePayView searchParams={searchParams} method="card" />;
}
