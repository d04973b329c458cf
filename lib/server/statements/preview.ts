import "server-only";
import { db } from "@/lib/db";
import { barsByCode } from "@/lib/server/market/bars";
import { marketTradingDays } from "@/lib/server/market/calendar";
import { statementParser, type ParseOptions } from "./parser-pool";

/**
 * The upload preview: what the file is, what could not be read, and its analysis. Nothing is stored. The file is read
 * and analysed in a thread of the statement parser (ADR 0026); this thread only answers its request for the bars.
 * `bytes` are handed over to that thread: empty once this returns.
 */
export async function previewStatement(bytes: Uint8Array, fileName: string, opts: ParseOptions = {}) {
  return statementParser().preview(
    bytes,
    fileName,
    async (codes) => {
      const database = await db();
      const [tradingDays, bars] = await Promise.all([marketTradingDays(database), barsByCode(codes, database)]);
      return { tradingDays, bars };
    },
    { ...opts, handOver: true },
  );
}
