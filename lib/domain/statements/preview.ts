import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import { toAnalysisJson } from "@/lib/domain/statements/dto";
import type { ImportReport } from "@/lib/domain/statements/types";

/** The upload preview shows the latest round trips only; `roundTripTotal` says how many there are. */
const PREVIEW_TRIPS = 50;

/** The upload preview: what the file is, what could not be read, and its analysis (`POST /api/statements/preview`). */
export function statementPreview(fileName: string, report: ImportReport, analysis: StatementAnalysis) {
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

export type StatementPreview = ReturnType<typeof statementPreview>;
