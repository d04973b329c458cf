import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { fail } from "@/lib/server/http";
import { memberRoute } from "@/lib/server/payments/route-kit";
import { startCardPayment } from "@/lib/server/payments/stripe-start";

/** The Payment Element's client secret for the viewer's card order: `{clientSecret, publishableKey, mode, amountFen}`. */
export async function POST(req: NextRequest, ctx: { params: Promise<{ orderGuid: string }> }) {
  const { orderGuid } = await ctx.params;
  return memberRoute("starting a card payment", z.unknown(), async (viewer) => {
    const result = await startCardPayment(viewer, orderGuid);
    if (!result.ok) return fail(result.status, result.message);
    return NextResponse.json(result.value, { headers: { "Cache-Control": "no-store" } });
  })(req);
}
