/**
 * Marker labels that never overlap, whatever the zoom: lightweight-charts centres a marker's text on its bar and draws
 * every text it is given, so at a phone's 6 px a bar the 涨停 of neighbouring days ran into each other. This decides,
 * for the current bar spacing, which labels are written and how (pure: the chart calls it whenever the zoom changes).
 */
import type { ChartMarker, KLineLimitMark, KLineModel } from "./kline-data";

/** The chart's font size (chart-theme's layout.fontSize), which the library also uses for marker texts. */
export const MARKER_FONT_PX = 11;
/** Space kept free between two labels of the same lane. */
const LABEL_GAP_PX = 3;

/** The drawn width of a label: CJK characters are about one em wide, digits and Latin letters about 0.62 em. */
export function labelWidth(text: string, fontPx = MARKER_FONT_PX): number {
  let width = 0;
  for (const ch of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? fontPx : fontPx * 0.62;
  return width;
}

/** A limit mark's label in full and short: a run of N ≥ 2 consecutive 涨停 days is one "N连板" on its last day. */
function limitTexts(kind: KLineLimitMark["kind"], run: number): [string, string] {
  if (kind === "limit_up") return run >= 2 ? [`${run}连板`, `${run}板`] : ["涨停", "板"];
  return kind === "broken" ? ["炸板", "炸"] : ["跌停", "跌"];
}

export interface PlacedLabel {
  index: number;
  lane: "aboveBar" | "belowBar";
  text: string;
}

/** x-extent of a label centred on its bar, bars `spacing` px apart. */
function extent(index: number, text: string, spacing: number): [number, number] {
  const half = labelWidth(text) / 2 + LABEL_GAP_PX / 2;
  return [index * spacing - half, index * spacing + half];
}

/**
 * The markers as drawn at `barSpacing` px a bar. Every marker keeps its shape (arrow or dot); only texts change:
 * - consecutive 涨停 days become one "N连板" label on the run's last day (the other days keep their dots);
 * - B/S letters are placed first, left to right; a letter that would touch a letter already placed in its lane
 *   (above the bars: S, 涨停, 炸板; below: B, 跌停) is left out, its arrow still says buy or sell;
 * - then 涨停/炸板/跌停 labels, newest first: the full label if it fits, else its short form (板, 炸, 跌), else none.
 * Labels on the same bar never collide (the library stacks them), so only neighbouring bars are compared.
 */
export function layoutMarkers(model: Pick<KLineModel, "markers" | "indexByTime">, barSpacing: number): ChartMarker[] {
  const spacing = Number.isFinite(barSpacing) && barSpacing > 0 ? barSpacing : 6;
  const indexOf = (m: ChartMarker) => model.indexByTime.get(String(m.time)) ?? -1;
  const placed: { index: number; lane: string; from: number; to: number }[] = [];
  const fits = (index: number, lane: string, text: string) => {
    const [from, to] = extent(index, text, spacing);
    return placed.every((p) => p.lane !== lane || p.index === index || p.to <= from || p.from >= to);
  };
  const place = (index: number, lane: string, text: string) => {
    const [from, to] = extent(index, text, spacing);
    placed.push({ index, lane, from, to });
  };

  const out = model.markers.map((m) => ({ ...m }));
  // B/S letters, left to right.
  for (const m of out.filter((x) => kindOf(x) === null).sort((a, b) => indexOf(a) - indexOf(b))) {
    const index = indexOf(m);
    if (fits(index, m.position, m.text)) place(index, m.position, m.text);
    else m.text = "";
  }
  // Limit labels: runs of 涨停 first merged, then placed newest first.
  const limits = out.flatMap((m) => {
    const kind = kindOf(m);
    return kind ? [{ m, index: indexOf(m), kind }] : [];
  });
  limits.sort((a, b) => a.index - b.index);
  const runs = new Map<ChartMarker, number>();
  const limitUpAt = new Map<number, ChartMarker>();
  for (const { m, index, kind } of limits) {
    if (kind !== "limit_up") continue;
    const prev = limitUpAt.get(index - 1);
    const run = prev ? (runs.get(prev) ?? 1) + 1 : 1;
    runs.set(m, run);
    limitUpAt.set(index, m);
    if (prev) prev.text = ""; // only the run's last day is labelled
  }
  for (const { m, index, kind } of limits.reverse()) {
    if (kind === "limit_up" && m.text === "") continue;
    const [full, short] = limitTexts(kind, runs.get(m) ?? 1);
    const text = fits(index, m.position, full) ? full : fits(index, m.position, short) ? short : "";
    m.text = text;
    if (text) place(index, m.position, text);
  }
  return out;
}

function kindOf(m: ChartMarker): KLineLimitMark["kind"] | null {
  return m.id.startsWith("limit_up-") ? "limit_up" : m.id.startsWith("broken-") ? "broken" : m.id.startsWith("limit_down-") ? "limit_down" : null;
}

/** The labels a layout writes, with their bars and lanes (what the tests compare for overlaps). */
export function writtenLabels(markers: readonly ChartMarker[], indexByTime: ReadonlyMap<string, number>): PlacedLabel[] {
  return markers.filter((m) => m.text).map((m) => ({ index: indexByTime.get(String(m.time)) ?? -1, lane: m.position, text: m.text }));
}

/** True when two written labels of one lane on different bars would overlap at `barSpacing`. */
export function labelsOverlap(labels: readonly PlacedLabel[], barSpacing: number): boolean {
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i]!;
      const b = labels[j]!;
      if (a.lane !== b.lane || a.index === b.index) continue;
      // Drawn extents, without the gap the layout keeps.
      if (Math.abs(a.index - b.index) * barSpacing < (labelWidth(a.text) + labelWidth(b.text)) / 2) return true;
    }
  }
  return false;
}
