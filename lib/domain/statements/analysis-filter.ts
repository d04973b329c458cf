import { boardOf } from "@/lib/domain/market/codes";
import type { Board } from "@/lib/domain/market/types";
import { analyzeStatement, type AnalysisOptions, type StatementAnalysis } from "./analysis";
import type { Fill, RoundTrip } from "./types";

/** `/analysis/{guid}/{firsttype}/{secondtype}`: a year, winners or losers, or one board. */
export type AnalysisFilter = { kind: "year"; year: string } | { kind: "result"; result: "win" | "loss" } | { kind: "board"; board: Board };

export function parseAnalysisFilter(value: string | undefined): AnalysisFilter | null {
  if (!value) return null;
  if (/^\d{4}$/.test(value)) return { kind: "year", year: value };
  if (value === "win" || value === "loss") return { kind: "result", result: value };
  if (value === "main" || value === "gem" || value === "star" || value === "bj") return { kind: "board", board: value };
  return null;
}

function keeps(filter: AnalysisFilter, trip: RoundTrip): boolean {
  switch (filter.kind) {
    // only realised trips have a result (not still held, not of unknown cost, not transferred out)
    case "year":
      return trip.realized && trip.closeDate !== null && trip.closeDate.startsWith(filter.year);
    case "result":
      return trip.realized && (filter.result === "win" ? trip.pnl > 0 : trip.pnl < 0);
    case "board":
      return boardOf(trip.code) === filter.board;
  }
}

/**
 * The analysis of just the round trips a filter keeps. Whole trips are kept (every fill of a kept trip), so
 * re-running the analysis over their fills reproduces exactly those trips and every figure derives from them the
 * same way as for the whole statement.
 */
export function filterAnalysis(analysis: StatementAnalysis, filter: AnalysisFilter | null, options: AnalysisOptions = {}): StatementAnalysis {
  if (!filter) return analysis;
  const kept = new Set<number>();
  analysis.roundTrips.forEach((t, i) => keeps(filter, t) && kept.add(i));
  const fills: Fill[] = analysis.fills
    .filter((f) => f.roundTrip !== null && kept.has(f.roundTrip))
    .map((f) => ({ ...f, code: f.originalCode }));
  const codes = new Set(fills.map((f) => f.code));
  const events = analysis.events.filter((e) => e.code !== null && codes.has(e.code));
  return analyzeStatement({ fills, events }, options);
}
