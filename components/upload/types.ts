import type {
  FeeBasis, PendingAllotment, SkippedRow, StatementEncoding, StatementFormatId, UnknownOpening, UnreconciledFill,
} from "@/lib/domain/statements/types";
import type { AnalysisSummaryJson, HkView, MonthlyRow, RoundTripJson } from "@/components/statements/types";

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
  skipped: SkippedRow[];
  warnings: string[];
  /** how the fees were found: the file's columns, 推算 from the net cash, 估 by the schedule, or a mix */
  feeBasis: FeeBasis | "mixed";
  unreconciled: UnreconciledFill[];
  /** the A-share figures */
  summary: AnalysisSummaryJson;
  /** the latest A-share round trips, at most 50 */
  roundTrips: RoundTripJson[];
  /** all A-share round trips, when the server tells */
  roundTripTotal?: number;
  monthly: MonthlyRow[];
  /** 港股通, apart from the A-share figures; null when the file has none */
  hk: (HkView & { roundTrips: RoundTripJson[]; roundTripTotal: number }) | null;
  unknownOpenings: UnknownOpening[];
  pendingAllotments: PendingAllotment[];
}

export type PreviewResponse = { ok: true; preview: StatementPreview } | { ok: false; message: string };

export type SaveResponse = { ok: true; statementId: string; analysisHref: string } | { ok: false; message: string };
