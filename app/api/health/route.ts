import { NextResponse } from "next/server";
import { route } from "@/lib/server/http";
import { databaseIsHealthy } from "@/lib/server/health";

export const dynamic = "force-dynamic";

export const GET = route({ name: "health probe", auth: "visitor", session: false }, async () => {
  const ok = await databaseIsHealthy();
  return NextResponse.json({ db: ok ? "ok" : "unavailable" }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
