import type { Metadata } from "next";
import { firstParam, type SearchParamsRecord } from "@/lib/domain/route-params";
import { OrderOutcome } from "@/components/payments/OrderOutcome";
import { levelEndDateString } from "@/lib/domain/membership";
import { requireViewer } from "@/lib/server/auth/gate";
import { membershipOf } from "@/lib/server/members/grants";
import { settleOrderForViewer } from "@/lib/server/payments/settle";

export const metadata: Metadata = { title: "支付结果", description: "订单支付结果。", robots: { index: false } };

type Props = { searchParams: Promise<SearchParamsRecord> };

export default async function PayResultPage({ searchParams }: Props) {
  const viewer = await requireViewer();
  const orderGuid = firstParam((await searchParams).order);
  const order = orderGuid ? await settleOrderForViewer(viewer, { orderGuid }) : null;
  // The viewer was read before settling: read the level again so a payment just fulfilled shows at once.
  const membership = await membershipOf(viewer.userId);
  return (
    <OrderOutcome
      order={order}
      member={{ levelName: membership.level.levelName, levelEndDate: levelEndDateString(membership.endsAt) }}
    />
  );
}
