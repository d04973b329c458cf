import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import type { ImportReport } from "@/lib/domain/statements/types";

const money = (x: number) => x.toFixed(2);
const ratio = (x: number) => (Number.isNaN(x) ? "n/a" : Number.isFinite(x) ? x.toFixed(4) : x > 0 ? "Infinity" : "-Infinity");

/** The human-readable report of `cli analyze`: what was read, what was skipped, every round trip and the summary. */
export function formatAnalysisText(fileName: string, report: ImportReport, analysis: StatementAnalysis): string {
  const out: string[] = [];
  out.push(`file      ${fileName}`);
  out.push(`format    ${report.formatLabel} (${report.format})`);
  out.push(`encoding  ${report.encoding}`);
  out.push(`rows      ${report.rowCount} data rows: ${report.fills.length} fills, ${report.events.length} events, ${report.skipped.length} skipped`);
  for (const w of report.warnings) out.push(`warning   ${w}`);
  if (report.skipped.length) {
    out.push("", "skipped rows");
    for (const s of report.skipped) out.push(`  line ${s.line}: ${s.reason}`);
  }
  for (const u of analysis.unmatched) out.push(`unmatched line ${u.line} ${u.code} ${u.date}: ${u.reason}`);
  out.push("", `round trips (${analysis.roundTrips.length})`);
  out.push("  code    name        open        close       qty      buy          sell         fees      pnl          days");
  for (const t of analysis.roundTrips) {
    out.push(
      `  ${t.code}  ${t.name.slice(0, 6).padEnd(6, "　")}  ${t.openDate}  ${(t.closeDate ?? "open").padEnd(10)}  ${String(t.quantity).padStart(7)}  ${money(t.buyAmount).padStart(11)}  ${money(t.sellAmount).padStart(11)}  ${money(t.fees).padStart(8)}${t.feesEstimated ? "*" : " "} ${money(t.pnl).padStart(11)}  ${String(t.holdingDays).padStart(4)}`,
    );
  }
  if (analysis.roundTrips.some((t) => t.feesEstimated)) out.push("  * fees estimated by trade date (the file has no fee columns)");
  const s = analysis.summary;
  out.push("", "summary");
  out.push(`  realizedPnl           ${money(s.realizedPnl)}`);
  out.push(`  totalFees             ${money(s.totalFees)}`);
  out.push(`  roundTrips            ${s.roundTrips} closed (${s.wins} wins, ${s.losses} losses), ${s.openPositions} open`);
  out.push(`  winRate               ${ratio(s.winRate)}`);
  out.push(`  profitFactor          ${ratio(s.profitFactor)}`);
  out.push(`  avgWin / avgLoss      ${money(s.avgWin)} / ${money(s.avgLoss)}`);
  out.push(`  avgHoldingDays        ${s.avgHoldingDays.toFixed(2)}`);
  out.push(`  maxConsecutiveWins    ${s.maxConsecutiveWins}`);
  out.push(`  maxConsecutiveLosses  ${s.maxConsecutiveLosses}`);
  out.push(`  turnover              ${money(s.turnover)}`);
  return out.join("\n");
}
