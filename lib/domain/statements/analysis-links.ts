import { ANALYSIS_FILTERS, ANALYSIS_TYPES } from "@/lib/domain/route-params";

export type AnalysisTab = (typeof ANALYSIS_TYPES)[number];

export const ANALYSIS_TAB_LABELS: Record<AnalysisTab, string> = {
  overview: "概览", monthly: "月度", stocks: "个股", holding: "持股周期", style: "风格", plays: "打法", trades: "全部交易",
};

const FILTER_LABELS: Record<(typeof ANALYSIS_FILTERS)[number], string> = { win: "盈利", loss: "亏损", main: "主板", gem: "创业板", star: "科创板", bj: "北交所" };

/** A link between the views of one page: what it says, where it goes and whether it is the view shown. */
export interface ViewLink {
  key: string;
  href: string;
  label: string;
  current: boolean;
}

/** `/analysis/{id}[/{tab}[/{filter}]]`: 概览 without a filter is the root itself. */
export function analysisHref(root: string, tab: AnalysisTab, filter: string | null): string {
  return filter ? `${root}/${tab}/${filter}` : tab === "overview" ? root : `${root}/${tab}`;
}

/**
 * The two rows of links on /analysis/{id}: the views, each keeping the filter, and the filters — 全部, the years
 * trips closed in (newest first), 盈利/亏损 and the boards — each keeping the view.
 */
export function analysisLinks(root: string, tab: AnalysisTab, filter: string | null, closeDates: readonly (string | null)[]): { tabs: ViewLink[]; filters: ViewLink[] } {
  const years = [...new Set(closeDates.filter((d): d is string => !!d).map((d) => d.slice(0, 4)))].sort().reverse();
  return {
    tabs: ANALYSIS_TYPES.map((t) => ({ key: t, href: analysisHref(root, t, filter), label: ANALYSIS_TAB_LABELS[t], current: t === tab })),
    filters: [
      // 全部 links the view as shown, filter included: what the page has always done (clearing the filter would be
      // analysisHref(root, tab, null); left for a decision, behaviour unchanged here)
      { key: "all", href: analysisHref(root, tab, filter), label: "全部", current: !filter },
      ...[...years, ...ANALYSIS_FILTERS].map((f) => ({
        key: f,
        href: analysisHref(root, tab, f),
        label: f in FILTER_LABELS ? FILTER_LABELS[f as keyof typeof FILTER_LABELS] : `${f}年`,
        current: f === filter,
      })),
    ],
  };
}
