import type { Metadata } from "next";
import { firstParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { OrderOutcome } from "@/components/payments/OrderOutcome";
import { levelEndDateString } from "@/lib/domain/membership";
import { requireViewer } from "@/lib/server/auth/gate";
import { membershipOf } from "@/lib/server/members/grants";
import { settleOrderForViewer } from "@/lib/server/payments/settle";

export const metadata: Metadata = { title: "支付结果", description: "银行卡支付结果。", robots: { index: false } };

type Props = { searchParams: Promise<SearchParamsRecord> };


/**
 * Where Stripe returns (Payment Element: payment_intent, payment_intent_client_secret, redirect_status; hosted
 * Checkout: session_id). The query string is only a lookup hint: the server asks Stripe and checks it belongs to
 * the order; redirect_status and the client secret are ignored.
 */
export default async function StripePayResultPage({ searchParams }: Props) {
  const viewer = await requireViewer();
  const params = await searchParams;
  const orderGuid = firstParam(params.order);
  const paymentIntentId = firstParam(params.payment_intent, 255) || undefined;
  const sessionId = firstParam(params.session_id, 255) || undefined;
  const order = orderGuid ? await settleOrderForViewer(viewer, { orderGuid, paymentIntentId, sessionId }) : null;
  const membership = await membershipOf(viewer.userId);
  return (
    <OrderOutcome
      order={order}
      member={{ levelName: membership.level.levelName, levelEndDate: levelEndDateString(membership.endsAt) }}
    />
  );
}
