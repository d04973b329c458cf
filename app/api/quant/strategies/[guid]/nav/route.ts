import type { NextRequest } from "next/server";
import { handleIngest } from "@/lib/server/quant/ingest-route";

type Props = { params: Promise<{ guid: string }> };

/**
 * Machine ingest, `Authorization: Bearer <strategy key>`: `{points:[{id?, date, nav}]}` (1–2000): daily NAV, append-only (a date stored with another value → 409).
 * Answers `{accepted, duplicates}`; 400 `{message, errors:[{index, field, message}]}`; 401; 409; 413; 429.
 */
export async function POST(req: NextRequest, { params }: Props) {
  return handleIngest(req, (await params).guid, "nav");
}
