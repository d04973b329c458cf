import { EquityCurveLazy } from "@/components/charts/EquityCurveLazy";
import { Card, Section } from "@/components/content/PageIntro";
import type { PlayRecord } from "@/lib/domain/lessons/play-record";
import type { StatementAnalysis } from "@/lib/domain/statements/analysis";
import type { AnalysisTab } from "@/lib/domain/statements/analysis-links";
import type { StatementFindingsData } from "@/lib/domain/statements/preview";
import { HoldingDistribution } from "./HoldingDistribution";
import { MonthlyHeatmap } from "./MonthlyHeatmap";
import { PerStockTable } from "./PerStockTable";
import { PlaysSection } from "./PlaysSection";
import { SkippedRows } from "./SkippedRows";
import { HkSection, PendingAllotments, UnknownOpenings, UnreconciledFills } from "./StatementFindings";
import { StyleMix } from "./StyleMix";
import { SummaryCards } from "./SummaryCards";
import { TripPages } from "./TripPages";

/**
 * The sections of one view of /analysis/{id}: the A-share figures of the view, 港股通 apart (unfiltered 概览, 个股 and
 * 全部交易), the notes on the data (概览) and the fills no trip took.
 */
export function AnalysisSections({ tab, analysis, findings, filtered, trades, plays }: {
  tab: AnalysisTab;
  analysis: StatementAnalysis;
  findings: StatementFindingsData;
  /** the record per 打法, on the 打法 view */
  plays: PlayRecord | null;
  filtered: boolean;
  /** 全部交易's paging: the page asked for, the view's link, and where a trip links (a master's day in the stock) */
  trades: { requested: string; base: string; masterGuid: string | null };
}) {
  const aTrips = analysis.roundTrips.filter((t) => t.market !== "HK");
  const hasNotes = findings.unknownOpenings.length + findings.pendingAllotments.length + findings.unreconciled.length > 0;
  const { masterGuid } = trades;
  return (
    <>
      {tab === "overview" ? (
        <>
          <Section title={findings.hk ? "核心数据 · A 股" : "核心数据"}><SummaryCards summary={analysis.summary} /></Section>
          <Section title="累计已实现盈亏">
            <Card>
              {analysis.equityCurve.length ? <EquityCurveLazy points={analysis.equityCurve} /> : <p className="text-sm text-slate-500">还没有平仓的交易。</p>}
            </Card>
          </Section>
        </>
      ) : null}
      {tab === "monthly" ? <Section title="月度盈亏"><MonthlyHeatmap rows={analysis.monthly} /></Section> : null}
      {tab === "stocks" ? <Section title="个股盈亏"><PerStockTable rows={analysis.perStock} /></Section> : null}
      {tab === "holding" ? (
        <Section title="持股周期分布"><HoldingDistribution rows={analysis.holding.map((h) => ({ bucket: h.label, count: h.count, pnl: h.pnl }))} /></Section>
      ) : null}
      {tab === "style" ? (
        <Section title="交易风格">
          <StyleMix
            entries={analysis.style.entries}
            timeOfDay={analysis.style.timeOfDay.map((t) => ({ bucket: t.label, count: t.count }))}
            boards={analysis.style.boards.map((b) => ({ board: b.board, count: b.roundTrips, pnl: b.pnl }))}
          />
        </Section>
      ) : null}
      {tab === "plays" && plays ? <Section title="打法战绩"><PlaysSection record={plays} /></Section> : null}
      {tab === "trades" ? (
        <Section title={`全部交易回合（${aTrips.length}）`}>
          <TripPages
            trips={aTrips}
            requested={trades.requested}
            base={trades.base}
            hrefFor={masterGuid ? (t) => `/detail/${masterGuid}/${t.closeDate ?? t.openDate}/${t.code}` : undefined}
          />
        </Section>
      ) : null}
      {findings.hk && !filtered && (tab === "overview" || tab === "trades" || tab === "stocks") ? (
        <Section title="港股通">
          <HkSection hk={findings.hk} trips={findings.hk.roundTrips} />
        </Section>
      ) : null}
      {hasNotes && tab === "overview" ? (
        <Section title="数据说明">
          <div className="space-y-3">
            <UnknownOpenings items={findings.unknownOpenings} />
            <PendingAllotments items={findings.pendingAllotments} />
            <UnreconciledFills rows={findings.unreconciled} />
          </div>
        </Section>
      ) : null}
      {analysis.unmatched.length ? (
        <Section title="未能配对的成交">
          <SkippedRows rows={analysis.unmatched.map((u) => ({ line: u.line, reason: `${u.code} ${u.date}：${u.reason}` }))} />
        </Section>
      ) : null}
    </>
  );
}
