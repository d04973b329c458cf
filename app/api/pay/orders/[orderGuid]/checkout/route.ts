import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { fail } from "@/lib/server/http";
import { memberRoute } from "@/lib/server/payments/route-kit";
import { startHostedCheckout } from "@/lib/server/payments/stripe-start";

/** Stripe's hosted Checkout for the viewer's order: `{url}`. */
export async function POST(req: NextRequest, ctx: { params: Promise<{ orderGuid: string }> }) {
  const { orderGuid } = await ctx.params;
  return memberRoute("starting a hosted checkout", z.unknown(), async (viewer) => {
    const result = await startHostedCheckout(viewer, orderGuid);
    if (!result.ok) return fail(result.status, result.message);
    return NextResponse.json(result.value, { headers: { "Cache-Control": "no-store" } });
  })(req);
}
