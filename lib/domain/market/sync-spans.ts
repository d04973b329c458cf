import { isoDayNumber, isoDayText } from "@/lib/domain/iso-day";
import type { TradingCalendar } from "@/lib/domain/market/calendar";

/**
 * Spans of days already asked of a market data provider, and what a sync still has to ask for. A span is a pair of
 * `YYYY-MM-DD` days, both inclusive. What counts is trading days: a gap holding only weekends and holidays is not
 * missing, and a missing span is trimmed to its first and last trading day so the request asks for nothing idle.
 */
export interface DateSpan {
  from: string;
  to: string;
}

/** The part of a calendar this needs: the trading days of a span, ascending. */
export type SpanCalendar = Pick<TradingCalendar, "tradingDays">;

/** Every day counts: for the calendar itself, whose gaps are unknown until fetched. */
export const EVERY_DAY: SpanCalendar = {
  tradingDays(from, to) {
    const days: string[] = [];
    for (let d = dayOf(from); d <= dayOf(to); d++) days.push(isoDayText(d));
    return days;
  },
};

function dayOf(date: string): number {
  const day = isoDayNumber(date);
  if (day === null) throw new RangeError(`日期无效：“${date}”`);
  return day;
}

/** Sorted by start, overlapping and touching spans joined; with a calendar also those apart by idle days only. */
export function mergeSpans(spans: readonly DateSpan[], calendar?: SpanCalendar): DateSpan[] {
  const sorted = spans.filter((s) => dayOf(s.from) <= dayOf(s.to)).sort((a, b) => dayOf(a.from) - dayOf(b.from));
  const merged: DateSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && joins(last, span, calendar)) {
      if (dayOf(span.to) > dayOf(last.to)) last.to = span.to;
    } else {
      merged.push({ ...span });
    }
  }
  return merged;
}

function joins(earlier: DateSpan, later: DateSpan, calendar?: SpanCalendar): boolean {
  const gapFrom = dayOf(earlier.to) + 1;
  const gapTo = dayOf(later.from) - 1;
  if (gapTo < gapFrom) return true;
  return calendar !== undefined && calendar.tradingDays(isoDayText(gapFrom), isoDayText(gapTo)).length === 0;
}

/**
 * The spans of `wanted` that no fetched span covers and that hold at least one trading day, each trimmed to its
 * first and last trading day, ascending.
 */
export function missingSpans(fetched: readonly DateSpan[], wanted: DateSpan, calendar: SpanCalendar): DateSpan[] {
  const wantedFrom = dayOf(wanted.from);
  const wantedTo = dayOf(wanted.to);
  if (wantedTo < wantedFrom) return [];
  const gaps: [number, number][] = [];
  let cursor = wantedFrom;
  for (const span of mergeSpans(fetched)) {
    const from = dayOf(span.from);
    const to = dayOf(span.to);
    if (to < cursor) continue;
    if (from > wantedTo) break;
    if (from > cursor) gaps.push([cursor, from - 1]);
    cursor = to + 1;
    if (cursor > wantedTo) break;
  }
  if (cursor <= wantedTo) gaps.push([cursor, wantedTo]);
  const missing: DateSpan[] = [];
  for (const [from, to] of gaps) {
    const days = calendar.tradingDays(isoDayText(from), isoDayText(to));
    const first = days[0];
    const last = days.at(-1);
    if (first !== undefined && last !== undefined) missing.push({ from: first, to: last });
  }
  return missing;
}

/** The smallest span holding all of them; null for none. */
export function hullOf(spans: readonly DateSpan[]): DateSpan | null {
  if (spans.length === 0) return null;
  let from = spans[0]!.from;
  let to = spans[0]!.to;
  for (const span of spans) {
    if (dayOf(span.from) < dayOf(from)) from = span.from;
    if (dayOf(span.to) > dayOf(to)) to = span.to;
  }
  return { from, to };
}

/** The part of `span` inside [from, to] (either bound optional); null when nothing is left. */
export function clampSpan(span: DateSpan, from?: string, to?: string): DateSpan | null {
  const start = from !== undefined && dayOf(from) > dayOf(span.from) ? from : span.from;
  const end = to !== undefined && dayOf(to) < dayOf(span.to) ? to : span.to;
  return dayOf(start) <= dayOf(end) ? { from: start, to: end } : null;
}
