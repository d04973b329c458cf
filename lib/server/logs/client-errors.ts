import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db";
import { clientErrorReports } from "@/lib/db/schema";
import { sanitizeLogText } from "@/lib/domain/log-text";
import { logger } from "@/lib/server/logger";

export const MAX_REPORT_BYTES = 16 * 1024;

const ReportSchema = z.object({
  Exception: z.unknown(),
  InnerException: z.unknown().optional(),
  requestUrl: z.unknown().optional(),
});

export type ReportOutcome = "stored" | "invalid";

/** Stores one front-end error report (SPEC §3 "Error report"), truncated and with control characters escaped. */
export async function storeClientErrorReport(body: unknown, meta: { ip: string; userAgent: string }): Promise<ReportOutcome> {
  const parsed = ReportSchema.safeParse(body);
  if (!parsed.success || parsed.data.Exception === undefined) return "invalid";
  const report = {
    exception: sanitizeLogText(parsed.data.Exception, 8000),
    innerException: sanitizeLogText(parsed.data.InnerException, 100),
    requestUrl: sanitizeLogText(parsed.data.requestUrl, 1000),
    userAgent: sanitizeLogText(meta.userAgent, 300),
    ipHash: createHash("sha256").update(meta.ip).digest("hex").slice(0, 16),
  };
  await (await db()).insert(clientErrorReports).values(report);
  logger().warn({ category: report.innerException, url: report.requestUrl }, "client error report");
  return "stored";
}
