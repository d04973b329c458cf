import { NextResponse } from "next/server";
import { currentBuildId } from "@/lib/server/build-info";

export const dynamic = "force-dynamic";

/** Polled by the browser (SPEC §4 "Build updates"): the id of the build this server runs. */
export function GET() {
  return NextResponse.json({ id: currentBuildId() }, { headers: { "Cache-Control": "no-store" } });
}
