/** Summaries derived from a rendered body: its readable text, without code blocks and footnotes, cut to length. */
export const SUMMARY_CHARS = 120;

const BLOCK_TAG = /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|table|thead|tbody|tfoot|tr|td|th|div|section|br|hr|dl|dt|dd|details|summary)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
  });
}

/** Plain text of sanitised HTML (renderMarkdown's output), at most `max` characters (code points), with "…" when cut. */
export function summaryFromHtml(html: string, max = SUMMARY_CHARS): string {
  const text = decodeEntities(
    html
      .replace(/<pre[\s>][\s\S]*?<\/pre>/gi, " ")
      .replace(/<section[^>]*data-footnotes[\s\S]*?<\/section>/gi, " ")
      // Block elements separate words; inline ones (strong, a, code…) do not: Chinese has no spaces to keep.
      .replace(BLOCK_TAG, " ")
      .replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("").trimEnd()}…`;
}
