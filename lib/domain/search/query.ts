import { MAX_QUERY_CHARS } from "./kinds";
import { HAN_CHAR, normalizeText, tokenize } from "./tokenize";

/**
 * A search query as tsquery terms. Every term must match (AND); a term is one exact lexeme, a prefix (`gzm:*`), or
 * all the bigrams of a run of Chinese characters (so `茅台` and `州茅台` find 贵州茅台 without any segmentation of the
 * query having to agree with the document's).
 */
export interface QueryTerm {
  /** lexemes that must all be present */
  all: string[];
  /** the (single) lexeme may be a prefix of a document's lexeme */
  prefix: boolean;
}

export interface ParsedQuery {
  /** the normalized query text (NFKC, lower case, trimmed, at most MAX_QUERY_CHARS) */
  text: string;
  terms: QueryTerm[];
  /** what to mark in titles and snippets */
  needles: string[];
  /** a stock code in the query (`600519`, `600519.SH`, `sh600519`) */
  code: string | null;
}

/** At most this many terms reach the database: a query is a search box entry, not a document. */
export const MAX_TERMS = 12;

const HAN = new RegExp(HAN_CHAR, "u");
const HAN_RUN = new RegExp(`${HAN_CHAR}+`, "gu");
const CODE_ONLY = /^(?:(?:sh|sz|bj)\s*)?(\d{6})(?:\s*\.\s*(?:sh|sz|bj))?$/;
const EXCHANGE_CODE = /^\d{6}\.(sh|sz|bj)$/;

function chars(text: string): string[] {
  return Array.from(text);
}

function bigrams(run: string): string[] {
  const c = chars(run);
  if (c.length === 1) return c;
  return c.slice(0, -1).map((ch, i) => ch + c[i + 1]!);
}

function termKey(t: QueryTerm): string {
  return `${t.prefix ? "p" : "e"}:${t.all.join("&")}`;
}

/**
 * Terms of a query, from the same tokenizer as the documents. `prefix` lets Latin/digit words of two or more
 * characters match as prefixes (type-ahead: `gzm` → gzmt, `6005` → 600519).
 */
export function parseQuery(raw: string, opts: { prefix?: boolean } = {}): ParsedQuery {
  const text = chars(normalizeText(raw).replace(/\s+/g, " ").trim()).slice(0, MAX_QUERY_CHARS).join("").trim();
  const terms: QueryTerm[] = [];
  const needles = new Set<string>();
  const codeMatch = CODE_ONLY.exec(text);
  const code = codeMatch ? codeMatch[1]! : null;

  for (const run of text.match(HAN_RUN) ?? []) {
    terms.push({ all: bigrams(run), prefix: false });
    needles.add(run);
    for (const g of bigrams(run)) needles.add(g);
  }
  const tokens = tokenize(text);
  // A code written with its exchange (`600519.SH`, `SH600519`) means that exact code; the tokenizer's added
  // variants (`600519` → `600519.sh`) and the bare digits of a typed code add nothing.
  const typedCodes = tokens.filter((t) => EXCHANGE_CODE.test(t) && (text.includes(t) || text.includes(t.slice(7) + t.slice(0, 6))));
  const typedDigits = new Set(typedCodes.map((t) => t.slice(0, 6)));
  for (const token of typedCodes) {
    terms.push({ all: [token], prefix: false });
    needles.add(token.slice(0, 6));
  }
  for (const token of tokens) {
    if (HAN.test(token) || EXCHANGE_CODE.test(token) || typedDigits.has(token)) continue; // Chinese runs are terms already
    terms.push({ all: [token], prefix: (opts.prefix ?? false) && chars(token).length >= 2 });
    needles.add(token);
  }

  const seen = new Set<string>();
  const distinct = terms.filter((t) => {
    const key = termKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { text, terms: distinct.slice(0, MAX_TERMS), needles: [...needles].filter((n) => n.length > 0), code };
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * The tsquery text for `::tsquery` (no text-search parser involved, so lexemes stay exactly as tokenized), or null
 * when the query has nothing to search for.
 */
export function toTsQuery(query: ParsedQuery): string | null {
  if (query.terms.length === 0) return null;
  return query.terms
    .map((t) => {
      const parts = t.all.map((l) => quoteLexeme(l) + (t.prefix ? ":*" : ""));
      return parts.length === 1 ? parts[0]! : `(${parts.join(" & ")})`;
    })
    .join(" & ");
}
