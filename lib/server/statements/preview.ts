import "server-only";
import { toAnalysisJson } from "@/lib/domain/statements/dto";
import { readStatement } from "@/lib/domain/statements/import";
import { db } from "@/lib/db";
import { analyzeBook } from "./books";

const PREVIEW_TRIPS = 50;

/** The upload preview: what the file is, what could not be read, and its analysis. Nothing is stored. */
export async function previewStatement(bytes: Uint8Array, fileName: string) {
  const report = readStatement(bytes, fileName);
  const analysis = await analyzeBook(await db(), report);
  const json = toAnalysisJson(analysis, report);
  return {
    fileName,
    format: report.format,
    formatLabel: report.formatLabel,
    encoding: report.encoding,
    rowCount: report.rowCount,
    fills: report.fills.length,
    events: report.events.length,
    skipped: report.skipped,
    warnings: [...report.warnings, ...analysis.unmatched.map((u) => `第 ${u.line} 行 ${u.code}：${u.reason}`)],
    summary: json.summary,
    roundTrips: json.roundTrips.slice(-PREVIEW_TRIPS).reverse(),
    roundTripTotal: json.roundTrips.length,
    monthly: analysis.monthly,
  };
}
