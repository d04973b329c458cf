import { renderMarkdown } from "./markdown";
import { leadIn, paidPart, plainText } from "./paywall";
import { summaryFromHtml } from "./summary";

/**
 * Texts made from an article's body for everyone to read (its summary, and through it descriptions, snippets, feeds
 * and the search index) come from the part every visitor may read: the whole of a public body, the lead-in of a gated
 * one. ADR 0024.
 */

/** Markdown to sanitised HTML, or null when it could not be rendered (the server passes its budgeted, cached one). */
export type RenderMarkdown = (markdown: string) => string | null;

/** The part of a body every visitor may read: all of a public one, the lead-in of a gated one. */
export function freeMarkdown(body: string, minLevel: number): string {
  return minLevel > 0 ? leadIn(body) : body;
}

/** The summary made when the editor leaves it empty: the start of the free part's reading text, never the paid part. */
export function autoSummary(body: string, minLevel: number, render: RenderMarkdown = renderMarkdown): string {
  return summaryFromHtml(render(freeMarkdown(body, minLevel)) ?? "");
}

/** A summary shorter than this cannot quote the paid part; the same run length the paywall's tests look for. */
export const QUOTE_CHARS = 8;

const normalise = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** The texts a passage may be found in: the reading text and the source (code and HTML are not in the reading text). */
function texts(markdown: string): string[] {
  return [normalise(plainText(markdown)), normalise(markdown)];
}

/**
 * The first passage of a summary, QUOTE_CHARS characters or longer, that quotes the paid part of a gated body (and is
 * not also in its lead-in), as long as it goes on matching; null when there is none or the body is public. Editors may
 * write such a summary, but everyone, crawlers included, reads it: the admin form warns with this passage.
 */
export function paidQuote(summary: string, body: string, minLevel: number): string | null {
  if (minLevel <= 0) return null;
  const shown = [...summary.replace(/\s+/g, " ").trim()];
  if (shown.length < QUOTE_CHARS) return null;
  const chars = shown.map((c) => c.toLowerCase()); // per character, so that a passage found maps back to `shown`
  const paid = texts(paidPart(body)).filter(Boolean);
  if (!paid.length) return null;
  const free = texts(leadIn(body));
  const inPaid = (run: string) => paid.some((t) => t.includes(run));
  for (let start = 0; start + QUOTE_CHARS <= chars.length; start++) {
    const run = chars.slice(start, start + QUOTE_CHARS).join("");
    if (!inPaid(run) || free.some((t) => t.includes(run))) continue;
    let end = start + QUOTE_CHARS;
    while (end < chars.length && inPaid(chars.slice(start, end + 1).join(""))) end++;
    const passage = shown.slice(start, end).join("");
    return passage.replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, "") || passage.trim(); // shown without the punctuation around it
  }
  return null;
}

/**
 * Was this stored summary of a body made automatically the way it was before ADR 0024 (the start of the whole body's
 * text, paid part included)? Exactly what that code made, or any opening of the whole body's text (the renderer may
 * have changed a detail since); an editor's own words are neither.
 */
export function isWholeBodyOpening(summary: string, body: string, render: RenderMarkdown = renderMarkdown): boolean {
  if (!summary) return false;
  const html = render(body) ?? "";
  if (summary === summaryFromHtml(html)) return true;
  const opening = normalise(summary.replace(/…$/, ""));
  return [...opening].length >= QUOTE_CHARS && normalise(summaryFromHtml(html, Infinity)).startsWith(opening);
}

/**
 * The summary a stored one of a gated article is replaced with by the migration of ADR 0024, or null to keep it:
 * a summary made automatically from the whole body is made again from the lead-in; an empty one stays empty (the
 * readers fall back to the lead-in) and an editor's own words are kept, even when they quote the paid part (the
 * migration reports those, and the admin form warns).
 */
export function recomputedSummary(summary: string, body: string, minLevel: number, render: RenderMarkdown = renderMarkdown): string | null {
  if (minLevel <= 0 || !isWholeBodyOpening(summary, body, render)) return null;
  const fresh = autoSummary(body, minLevel, render);
  return fresh === summary ? null : fresh;
}
