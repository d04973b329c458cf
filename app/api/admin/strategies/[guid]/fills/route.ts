import type { NextRequest } from "next/server";
import { handleCsvUpload } from "@/lib/server/quant/csv-import";

export const maxDuration = 60;

type Props = { params: Promise<{ guid: string }> };

/** Staff: imports a `date,time,code,name,side,quantity,price` CSV (multipart `file`) for a strategy; a file with any bad line stores nothing. */
export async function POST(req: NextRequest, { params }: Props) {
  return handleCsvUpload(req, (await params).guid, "fills");
}
