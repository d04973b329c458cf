import { NextResponse } from "next/server";
import { DrillAnswerInput, DrillParams } from "@/lib/domain/lessons/drill-schemas";
import { route } from "@/lib/server/http";
import { answerDrill } from "@/lib/server/statements/drills";

/**
 * Answers a drill (docs/adr/0081): `{choice: "buy" | "sell" | "watch", quantity?}` → `{choice, masterChoice, agreed,
 * repeated, play, fills: [{date, time, side, quantity, price, amount, play, caveat}], bars, outcome, detailHref}`.
 * The first answer stands (`repeated` on later ones). 401 for visitors; 403 beyond the member's window or the free
 * tier's daily drills; 404 for no such drill.
 */
export const POST = route(
  { name: "drill answer", auth: "member", params: DrillParams, body: DrillAnswerInput },
  async ({ viewer, params: { guid, date, symbol }, body: { choice, quantity } }) => {
    const reveal = await answerDrill(viewer, { guid, date, code: symbol }, choice, quantity);
    return NextResponse.json(reveal, { headers: { "Cache-Control": "no-store" } });
  },
);
