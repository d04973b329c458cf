import { NextResponse } from "next/server";
import { DrillParams } from "@/lib/domain/lessons/drill-schemas";
import { route } from "@/lib/server/http";
import { drillQuestion } from "@/lib/server/statements/drills";

/**
 * A drill's question (docs/adr/0081): `{master, stock, bars: [{date, open, high, low, close, volume}], position,
 * sources, simulated}` — every bar dated before the day. 401/403 when the viewer's window does not show the day, 404
 * for a day the master did not trade the stock or without enough history.
 */
export const GET = route({ name: "drill question", auth: "visitor", params: DrillParams }, async ({ viewer, params: { guid, date, symbol } }) => {
  const question = await drillQuestion(viewer, { guid, date, code: symbol });
  return NextResponse.json(question, { headers: { "Cache-Control": "private, no-store" } });
});
