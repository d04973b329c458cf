import type { NextRequest } from "next/server";
import { handleIngest } from "@/lib/server/quant/ingest-route";

type Props = { params: Promise<{ guid: string }> };

/**
 * Machine ingest, `Authorization: Bearer <strategy key>`: `{signals:[{id, date, time?, code, name, side, price?,
 * weight?, note?}]}` (1–500) for a live or paper strategy; each new signal is fanned out to the followers, a replayed
 * one is not. A backtest strategy answers 409.
 * Answers `{accepted, duplicates}`; 400 `{message, errors:[{index, field, message}]}`; 401; 409; 413; 429.
 */
export async function POST(req: NextRequest, { params }: Props) {
  return handleIngest(req, (await params).guid, "signals");
}
