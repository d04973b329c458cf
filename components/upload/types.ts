import type { StatementEncoding, StatementFormatId } from "@/lib/domain/statements/types";
import type { AnalysisSummaryJson, MonthlyRow, RoundTripJson } from "@/components/statements/types";

/** `POST /api/statements/preview` → `{ ok: true, preview }` (lib/server/statements/preview.ts). */
export interface StatementPreview {
  fileName: string;
  format: StatementFormatId;
  formatLabel: string;
  encoding: StatementEncoding;
  rowCount: number;
  /** how many fills were read */
  fills: number;
  /** how many cash/share events were read */
  events: number;
  skipped: { line: number; reason: string }[];
  warnings: string[];
  summary: AnalysisSummaryJson;
  /** the latest round trips, at most 50 */
  roundTrips: RoundTripJson[];
  /** all round trips, when the server tells */
  roundTripTotal?: number;
  monthly: MonthlyRow[];
}

export type PreviewResponse = { ok: true; preview: StatementPreview } | { ok: false; message: string };

export type SaveResponse = { ok: true; statementId: string; analysisHref: string } | { ok: false; message: string };
