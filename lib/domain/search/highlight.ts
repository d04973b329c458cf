import type { TextSegment } from "./kinds";

/**
 * Highlighting as data: the text cut into segments, `hit` where a needle matched (case- and width-insensitive).
 * Pages render hits as <mark> elements through React, so nothing here is ever HTML.
 */

interface Folded {
  /** the folded text (NFKC, lower case, per code point) */
  text: string;
  /** for each UTF-16 unit of `text`: [start, end) in the original string of the code point it came from */
  origin: [number, number][];
}

function fold(text: string): Folded {
  let out = "";
  const origin: [number, number][] = [];
  let i = 0;
  for (const cp of text) {
    const folded = cp.normalize("NFKC").toLowerCase();
    for (let k = 0; k < folded.length; k++) origin.push([i, i + cp.length]);
    out += folded;
    i += cp.length;
  }
  return { text: out, origin };
}

function foldNeedle(needle: string): string {
  return Array.from(needle, (cp) => cp.normalize("NFKC").toLowerCase()).join("");
}

/** [start, end) ranges of `text` that match any needle, merged, in order. */
export function hitRanges(text: string, needles: readonly string[]): [number, number][] {
  const folded = fold(text);
  const ranges: [number, number][] = [];
  for (const raw of needles) {
    const needle = foldNeedle(raw);
    if (!needle) continue;
    let from = 0;
    for (;;) {
      const at = folded.text.indexOf(needle, from);
      if (at < 0) break;
      ranges.push([folded.origin[at]![0], folded.origin[at + needle.length - 1]![1]]);
      from = at + needle.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

function push(out: TextSegment[], text: string, hit: boolean): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.hit === hit) last.text += text;
  else out.push({ text, hit });
}

/** The whole text as segments; joined, they give the text back unchanged. */
export function highlight(text: string, needles: readonly string[]): TextSegment[] {
  const out: TextSegment[] = [];
  let at = 0;
  for (const [start, end] of hitRanges(text, needles)) {
    push(out, text.slice(at, start), false);
    push(out, text.slice(start, end), true);
    at = end;
  }
  push(out, text.slice(at), false);
  return out;
}

const ELLIPSIS = "…";

/** Index of the code point boundary at or before `i` (never inside a surrogate pair). */
function boundary(text: string, i: number): number {
  if (i <= 0) return 0;
  if (i >= text.length) return text.length;
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff ? i - 1 : i;
}

/**
 * A window of about `maxChars` UTF-16 units around the first hit (whitespace collapsed), with an ellipsis where
 * text was cut; the start of the text when nothing matches.
 */
export function snippet(text: string, needles: readonly string[], maxChars = 120, lead = 24): TextSegment[] {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return [];
  const first = hitRanges(flat, needles)[0];
  let start = first ? boundary(flat, Math.max(0, first[0] - lead)) : 0;
  let end = boundary(flat, start + maxChars);
  if (end >= flat.length) {
    end = flat.length;
    start = boundary(flat, Math.max(0, Math.min(start, end - maxChars)));
  }
  const body = highlight(flat.slice(start, end), needles);
  const out: TextSegment[] = [];
  if (start > 0) push(out, ELLIPSIS, false);
  for (const s of body) push(out, s.text, s.hit);
  if (end < flat.length) push(out, ELLIPSIS, false);
  return out;
}
