import { NextResponse } from "next/server";
import { z } from "zod";
import { fail } from "@/lib/server/http";
import { memberRoute } from "@/lib/server/payments/route-kit";
import { setAutoRenew } from "@/lib/server/payments/subscriptions";

const Body = z.object({ subscriptionId: z.string().min(1, "订阅不存在").max(64, "订阅不存在"), renew: z.boolean({ error: "参数无效" }) });

/** Stops auto-renewal at the period's end (access stays) or turns it back on: `{subscription, message}`. */
export const POST = memberRoute("changing auto-renewal", Body, async (viewer, body) => {
  const result = await setAutoRenew(viewer, body.subscriptionId, body.renew);
  if (!result.ok) return fail(result.status, result.message);
  return NextResponse.json({ subscription: result.subscription, message: result.message });
});
