import type { NextRequest } from "next/server";
import { handleIngest } from "@/lib/server/quant/ingest-route";

type Props = { params: Promise<{ guid: string }> };

/**
 * Machine ingest, `Authorization: Bearer <strategy key>`: `{fills:[{id, date, time?, code, name, side, quantity, price}]}` (1–500): the strategy's fills.
 * Answers `{accepted, duplicates}`; 400 `{message, errors:[{index, field, message}]}`; 401; 409; 413; 429.
 */
export async function POST(req: NextRequest, { params }: Props) {
  return handleIngest(req, (await params).guid, "fills");
}
