import { NextResponse } from "next/server";
import { currentBuildId } from "@/lib/server/build-info";
import { route } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Polled by the browser (SPEC §4 "Build updates"): the id of the build this server runs. */
export const GET = route({ name: "build id", auth: "visitor", session: false }, async () =>
  NextResponse.json({ id: currentBuildId() }, { headers: { "Cache-Control": "no-store" } }),
);
