import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import { toAnalysisJson } from "@/lib/domain/statements/dto";
import type { Currency } from "@/lib/domain/market/types";
import type { AnalysisSummary, FeeBasis, ImportReport, PendingAllotment, RoundTrip, UnknownOpening, UnreconciledFill } from "@/lib/domain/statements/types";
import type { PerStockRow } from "@/lib/domain/statements/analysis";

/** The upload preview shows the latest round trips only; `roundTripTotal` says how many there are. */
const PREVIEW_TRIPS = 50;

/**
 * What issue 21 adds to the analysis (港股通 apart, positions of unknown cost, allotments pending listing), read where
 * the analysis does not carry it yet as absent: the preview then shows none of it.
 */
export interface AnalysisFindings {
  roundTrips: readonly RoundTrip[];
  hk?: { summary: AnalysisSummary; perStock: PerStockRow[]; currency: Currency } | null;
  unknownOpenings?: UnknownOpening[];
  pendingAllotments?: PendingAllotment[];
}

/** A round trip as the pages show it: its market, status and fee basis, no fill indexes. */
export function tripView(t: RoundTrip) {
  return {
    code: t.code, exchange: t.exchange, market: t.market, name: t.name, status: t.status, openingUnknown: t.openingUnknown, realized: t.realized,
    openDate: t.openDate, closeDate: t.closeDate, quantity: t.quantity, buyAmount: t.buyAmount, sellAmount: t.sellAmount, fees: t.fees,
    dividends: t.dividends, dividendTax: t.dividendTax, pnl: t.pnl, holdingDays: t.holdingDays, feesEstimated: t.feesEstimated, feeBasis: t.feeBasis,
  };
}

/**
 * What the file says beside the A-share figures (ADR 0033), from the whole book whatever the filter: 港股通 apart,
 * positions held before the file, allotments pending listing, how the fees were found, fills that do not reconcile.
 */
export interface StatementFindingsData {
  hk: (NonNullable<AnalysisFindings["hk"]> & { roundTrips: ReturnType<typeof tripView>[] }) | null;
  unknownOpenings: NonNullable<AnalysisFindings["unknownOpenings"]>;
  pendingAllotments: NonNullable<AnalysisFindings["pendingAllotments"]>;
  feeBasis: FeeBasis | "mixed";
  unreconciled: UnreconciledFill[];
}

const latestFirst = <T>(items: T[]) => items.slice(-PREVIEW_TRIPS).reverse();

/** The upload preview: what the file is, what could not be read, and its analysis (`POST /api/statements/preview`). */
export function statementPreview(fileName: string, report: ImportReport, analysis: StatementAnalysis) {
  const json = toAnalysisJson(analysis, report);
  const findings: AnalysisFindings = analysis;
  const aTrips = analysis.roundTrips.filter((t) => t.market !== "HK");
  const hkTrips = analysis.roundTrips.filter((t) => t.market === "HK");
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
    feeBasis: report.feeBasis,
    unreconciled: report.unreconciled,
    summary: json.summary,
    /** the latest A-share round trips (港股通 ones are in `hk`) */
    roundTrips: latestFirst(aTrips).map(tripView),
    roundTripTotal: aTrips.length,
    monthly: analysis.monthly,
    hk: findings.hk ? { ...findings.hk, roundTrips: latestFirst(hkTrips).map(tripView), roundTripTotal: hkTrips.length } : null,
    unknownOpenings: findings.unknownOpenings ?? [],
    pendingAllotments: findings.pendingAllotments ?? [],
  };
}

export type StatementPreview = ReturnType<typeof statementPreview>;
