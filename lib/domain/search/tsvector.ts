/**
 * A weighted tsvector literal (`'gzmt':1A 'maotai':2A,9C`) built from tokens, for `$1::tsvector`. Casting a literal
 * stores the lexemes exactly (no parser, no dictionary), with positions, so ts_rank can weigh a title hit (A) above a
 * summary (B) or body (C) hit on both engines.
 */
export type Weight = "A" | "B" | "C" | "D";

export interface WeightedTokens {
  tokens: readonly string[];
  weight: Weight;
}

/** PostgreSQL's largest position and most positions kept per lexeme. */
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 256;

function quote(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

export function tsvectorLiteral(fields: readonly WeightedTokens[]): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const field of fields) {
    for (const token of field.tokens) {
      if (!token) continue;
      position = Math.min(position + 1, MAX_POSITION);
      const list = positions.get(token) ?? [];
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${position}${field.weight}`);
      positions.set(token, list);
    }
  }
  return [...positions].map(([lexeme, list]) => `${quote(lexeme)}:${list.join(",")}`).join(" ");
}

/**
 * Markdown as plain text for indexing and snippets: no markup, no URLs, no HTML tags. Members' bodies come here
 * unbudgeted, so every pattern is linear: none may rescan the rest of the text from each `<`, `[` or `(` (a body of
 * `<` × 50,000 took seconds with `<[^>]*>`).
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, " ")
    .replace(/<[^<>]*>/g, " ")
    .replace(/!\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/^\s{0,3}(?:#{1,6}|>+|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[*_~`|]+/g, "")
    .replace(/^\s*-{3,}\s*$/gm, " ")
    .replace(/\s+/g, " ")
    .trim();
}
