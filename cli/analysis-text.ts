import type { OpenPosition, StatementAnalysis } from "@/lib/domain/statements/analysis";
import type { Market } from "@/lib/domain/market/types";
import type { AnalysisSummary, FeeBasis, ImportReport, RoundTrip } from "@/lib/domain/statements/types";

const money = (x: number) => (Number.isNaN(x) ? "n/a" : x.toFixed(2));
const ratio = (x: number) => (Number.isNaN(x) ? "n/a" : Number.isFinite(x) ? x.toFixed(4) : x > 0 ? "Infinity" : "-Infinity");
const days = (x: number) => (Number.isNaN(x) ? "n/a" : x.toFixed(2));

const FEE_BASIS_TEXT: Record<FeeBasis | "mixed", string> = {
  file: "read from the file's fee columns",
  derived: "derived from net cash (推算)",
  schedule: "estimated by the fee schedule (估)",
  mixed: "mixed: read, derived from net cash (推算) or estimated by the fee schedule (估), per fill",
};

/** the mark after a trip's fees: nothing when read, 推 derived from net cash, 估 estimated, 混 both kinds */
const FEE_MARK: Record<FeeBasis | "mixed", string> = { file: " ", derived: "推", schedule: "估", mixed: "混" };

const STATUS_TEXT: Record<RoundTrip["status"], string> = { closed: "closed", open: "open", transferred: "transferred" };

function name6(name: string): string {
  return name.slice(0, 6).padEnd(6, "　");
}

function tripLines(trips: readonly RoundTrip[]): string[] {
  const out = ["  code    name          open        close       status       qty      buy          sell         fees        pnl          days"];
  for (const t of trips) {
    // a trip that is not realised has no P&L: its cash is not a result
    const pnl = t.realized ? money(t.pnl) : t.openingUnknown ? "cost unknown" : "no sale price";
    out.push(
      `  ${t.code.padEnd(6)}  ${name6(t.name)}  ${t.openDate}  ${(t.closeDate ?? "").padEnd(10)}  ${STATUS_TEXT[t.status].padEnd(11)}  ${String(t.quantity).padStart(7)}  ${money(t.buyAmount).padStart(11)}  ${money(t.sellAmount).padStart(11)}  ${money(t.fees).padStart(9)}${FEE_MARK[t.feeBasis]} ${pnl.padStart(13)}  ${String(t.holdingDays).padStart(4)}`,
    );
  }
  return out;
}

function positionLines(positions: readonly OpenPosition[]): string[] {
  const out = ["  code    name          opened      qty      cost"];
  for (const p of positions) {
    const cost =
      p.unknownQuantity === 0
        ? money(p.cost)
        : `unknown: ${p.unknownQuantity} shares held before the file${p.unknownQuantity < p.quantity ? ` (the other ${p.quantity - p.unknownQuantity} cost ${money(p.cost)})` : ""}`;
    out.push(`  ${p.code.padEnd(6)}  ${name6(p.name)}  ${p.openDate}  ${String(p.quantity).padStart(7)}  ${cost}`);
  }
  return out;
}

function summaryLines(s: AnalysisSummary): string[] {
  return [
    `  realizedPnl           ${money(s.realizedPnl)}`,
    `  totalFees             ${money(s.totalFees)}`,
    `  roundTrips            ${s.roundTrips} realised (${s.wins} wins, ${s.losses} losses), ${s.openPositions} open`,
    `  winRate               ${ratio(s.winRate)}`,
    `  profitFactor          ${ratio(s.profitFactor)}`,
    `  avgWin / avgLoss      ${money(s.avgWin)} / ${money(s.avgLoss)}`,
    `  avgHoldingDays        ${days(s.avgHoldingDays)}`,
    `  maxConsecutiveWins    ${s.maxConsecutiveWins}`,
    `  maxConsecutiveLosses  ${s.maxConsecutiveLosses}`,
    `  turnover              ${money(s.turnover)}`,
  ];
}

function marketPart(analysis: StatementAnalysis, market: Market, summary: AnalysisSummary): string[] {
  const trips = analysis.roundTrips.filter((t) => t.market === market && t.status !== "open");
  const positions = analysis.openPositions.filter((p) => p.market === market);
  const out = ["", `round trips (${trips.length})`, ...tripLines(trips)];
  if (trips.some((t) => t.feeBasis !== "file")) {
    out.push("  fees: 推 derived from net cash (推算), 估 estimated by the fee schedule (估), 混 both kinds on one trip");
  }
  if (trips.some((t) => !t.realized)) {
    out.push("  a trip with shares of unknown cost or a transfer out has no realised P&L and is left out of the summary");
  }
  out.push("", `open positions (${positions.length}): not round trips, no P&L until sold`, ...positionLines(positions));
  out.push("", "summary (realised trips)", ...summaryLines(summary));
  return out;
}

/**
 * The human-readable report of `cli analyze`: what was read, what was not and why, the A-share round trips, open
 * positions and summary, the 港股通 part apart, unknown opening positions and pending allotments.
 */
export function formatAnalysisText(fileName: string, report: ImportReport, analysis: StatementAnalysis): string {
  const out: string[] = [];
  out.push(`file      ${fileName}`);
  out.push(`format    ${report.formatLabel} (${report.format})`);
  out.push(`encoding  ${report.encoding}`);
  out.push(`rows      ${report.rowCount} data rows: ${report.fills.length} fills, ${report.events.length} events, ${report.skipped.length} not read`);
  if (report.fills.length) out.push(`fees      ${FEE_BASIS_TEXT[report.feeBasis ?? "file"]}`);
  for (const w of report.warnings) out.push(`warning   ${w}`);
  if (report.skipped.length) {
    out.push("", `rows not read (${report.skipped.length})`);
    for (const s of report.skipped) out.push(`  line ${s.line}: ${s.reason}`);
  }
  const unreconciled = report.unreconciled ?? [];
  if (unreconciled.length) {
    out.push("", `rows whose amount, fees and net cash do not add up (${unreconciled.length})`);
    for (const u of unreconciled) {
      out.push(`  line ${u.line}: amount ${money(u.amount)}, fees ${money(u.fees)}, net cash ${money(u.netAmount)}, unexplained ${money(u.difference)}`);
    }
  }
  if (analysis.unknownOpenings.length) {
    out.push("", `unknown opening positions (${analysis.unknownOpenings.length}): held before the file began, cost unknown, left out of realised P&L`);
    for (const u of analysis.unknownOpenings) out.push(`  line ${u.line} ${u.code} ${u.name} ${u.date}: ${u.quantity} shares — ${u.reason}`);
  }
  if (analysis.pendingAllotments.length) {
    out.push("", `pending allotments (${analysis.pendingAllotments.length}): allotted or subscribed, not listed by the end of the file`);
    for (const p of analysis.pendingAllotments) out.push(`  line ${p.line} ${p.code} ${p.name} ${p.date}: ${p.quantity} shares, paid ${money(p.cost)}`);
  }
  if (analysis.unmatched.length) {
    out.push("", "notes");
    for (const u of analysis.unmatched) out.push(`  line ${u.line} ${u.code} ${u.date}: ${u.reason}`);
  }
  out.push("", "A-shares");
  out.push(...marketPart(analysis, "A", analysis.summary).map((l) => (l ? `  ${l}` : l)));
  if (analysis.hk !== null) {
    out.push("", `港股通 (amounts in ${analysis.hk.currency}; apart from the A-share figures)`);
    out.push(...marketPart(analysis, "HK", analysis.hk.summary).map((l) => (l ? `  ${l}` : l)));
  }
  return out.join("\n");
}
