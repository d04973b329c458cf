import { NextResponse } from "next/server";
import { databaseIsHealthy } from "@/lib/server/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const ok = await databaseIsHealthy();
  return NextResponse.json({ db: ok ? "ok" : "unavailable" }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
