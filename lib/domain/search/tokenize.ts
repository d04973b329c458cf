import { pinyin } from "pinyin-pro";
import { exchangeOf, isStockCode } from "@/lib/domain/market/codes";

/**
 * Search tokens for the site search (lib/server/search/README.md). Documents and queries go through the same
 * functions, and the tokens are stored as exact lexemes (a weighted tsvector literal), so PostgreSQL's text-search
 * parser, its locale and its dictionaries never change them: the same SQL finds the same rows on PGlite and on
 * PostgreSQL.
 *
 * A token is lower-case NFKC text made of letters, marks and digits (never starting with a mark), at most
 * MAX_TOKEN_CHARS code points; a stock-code token may also carry its exchange (`600519.sh`).
 */

export const MAX_TOKEN_CHARS = 64;

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** A Chinese character that is a letter or number (not a radical or stroke symbol). */
export const HAN_CHAR = "(?:(?=[\\p{L}\\p{N}])\\p{Script=Han})";
const HAN_RUN = new RegExp(`${HAN_CHAR}+`, "gu");
const HAS_HAN = new RegExp(HAN_CHAR, "u");
const NOT_WORD_CHAR = /[^\p{L}\p{M}\p{N}]+/u;
const LEADING_MARKS = /^\p{M}+/u;
const PLAIN_ASCII = /^[a-z0-9]+$/;
const SIX_DIGITS = /^\d{6}$/;
/** `600519.sh` and `sh600519`, not inside a longer word or number (Chinese characters around them are fine). */
const CODE_WITH_SUFFIX = /(?<!(?!\p{Script=Han})[\p{L}\p{M}\p{N}])(\d{6})\.(sh|sz|bj)(?!(?!\p{Script=Han})[\p{L}\p{M}\p{N}])/gu;
const CODE_WITH_PREFIX = /(?<!(?!\p{Script=Han})[\p{L}\p{M}\p{N}])(sh|sz|bj)(\d{6})(?!(?!\p{Script=Han})[\p{L}\p{M}\p{N}])/gu;
const PREFIXED_CODE_WORD = /^(sh|sz|bj)(\d{6})$/;

/** Full-width to half-width, compatibility forms unified, lower case. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().normalize("NFKC");
}

function codePoints(text: string): string[] {
  return Array.from(text);
}

/** The code's exchange suffix when the six digits are an A-share stock code (`600519` → `600519.sh`). */
function codeVariant(digits: string): string | null {
  return SIX_DIGITS.test(digits) && isStockCode(digits) ? `${digits}.${exchangeOf(digits).toLowerCase()}` : null;
}

/** Codes written with an exchange, as tokens; the text returned has them blanked out. */
function extractCodes(text: string, out: string[]): string {
  const blank = (m: string) => " ".repeat(m.length);
  return text
    .replace(CODE_WITH_SUFFIX, (m, digits: string, ex: string) => {
      pushCode(out, digits, ex);
      return blank(m);
    })
    .replace(CODE_WITH_PREFIX, (m, ex: string, digits: string) => {
      pushCode(out, digits, ex);
      return blank(m);
    });
}

function pushCode(out: string[], digits: string, exchange: string): void {
  out.push(`${digits}.${exchange}`, digits, codeVariant(digits) ?? "");
}

const stableCache = new Map<string, string[]>();

/**
 * Pieces of a word that the segmenter leaves whole when it sees them alone. Dictionary scripts (Chinese, Japanese,
 * Thai) segment by context, so a word cut from a sentence may split differently on its own; keeping only stable
 * pieces makes tokenize() idempotent on its own output.
 */
function stablePieces(piece: string): string[] {
  if (PLAIN_ASCII.test(piece)) return [piece];
  const cached = stableCache.get(piece);
  if (cached) return cached;
  const segments = [...segmenter.segment(piece)];
  let result: string[];
  if (segments.length === 1) {
    result = segments[0]!.isWordLike && segments[0]!.segment === piece ? [piece] : [];
  } else {
    result = segments.filter((s) => s.isWordLike).flatMap((s) => wordPieces(s.segment));
  }
  if (stableCache.size > 20_000) stableCache.clear();
  stableCache.set(piece, result);
  return result;
}

/** Letters-and-digits pieces of one segment, each stable under re-segmentation. */
function wordPieces(segment: string): string[] {
  const out: string[] = [];
  for (const raw of segment.split(NOT_WORD_CHAR)) {
    const piece = raw.replace(LEADING_MARKS, "");
    if (piece) out.push(...stablePieces(piece));
  }
  return out;
}

function words(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) {
    if (s.isWordLike) out.push(...wordPieces(s.segment));
  }
  return out;
}

function hanRuns(text: string): string[] {
  return text.match(HAN_RUN) ?? [];
}

/** Single characters and bigrams of a run of Chinese characters (so 茅台 finds 贵州茅台). */
function hanGrams(run: string, out: string[]): void {
  const chars = codePoints(run);
  for (let i = 0; i < chars.length; i++) {
    out.push(chars[i]!);
    if (i + 1 < chars.length) out.push(chars[i]! + chars[i + 1]!);
  }
}

function keep(token: string): boolean {
  return token.length > 0 && codePoints(token).length <= MAX_TOKEN_CHARS;
}

function unique(tokens: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const t of tokens) if (keep(t)) seen.add(t);
  return [...seen];
}

/**
 * Tokens of a text: the segmenter's words (Intl.Segmenter('zh')), lower-cased; for Chinese runs also every
 * character and bigram; six-digit stock codes also with their exchange (`600519` → `600519.sh`). Unique, in order
 * of first appearance. Deterministic, never throws, and tokenize(tokenize(x).join(" ")) has the same tokens.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const normalized = extractCodes(normalizeText(text), out);
  for (const word of words(normalized)) {
    const prefixed = PREFIXED_CODE_WORD.exec(word);
    if (prefixed) {
      pushCode(out, prefixed[2]!, prefixed[1]!);
      continue;
    }
    out.push(word);
    const variant = codeVariant(word);
    if (variant) out.push(variant);
  }
  for (const run of hanRuns(normalized)) hanGrams(run, out);
  return unique(out);
}

interface PinyinUnit {
  full: string;
  initial: string;
  han: boolean;
}

/** Toneless pinyin of each character of a run of Chinese characters, in context (多音字 by phrase); ü is v. */
function runPinyin(run: string): string[] | null {
  const chars = codePoints(run);
  const syllables = pinyin(run, { toneType: "none", type: "array", v: true, nonZh: "spaced" }) as string[];
  if (syllables.length !== chars.length) return null;
  return syllables.map((s) => s.toLowerCase());
}

function pinyinUnits(text: string): (PinyinUnit | null)[] {
  const units: (PinyinUnit | null)[] = [];
  let i = 0;
  const chars = codePoints(text);
  while (i < chars.length) {
    const c = chars[i]!;
    if (HAS_HAN.test(c)) {
      let j = i;
      while (j < chars.length && HAS_HAN.test(chars[j]!)) j++;
      const run = chars.slice(i, j).join("");
      const syllables = runPinyin(run) ?? chars.slice(i, j).map((ch) => runPinyin(ch)?.[0] ?? ch);
      for (const s of syllables) units.push(PLAIN_ASCII.test(s) ? { full: s, initial: s[0]!, han: true } : null);
      i = j;
    } else {
      units.push(PLAIN_ASCII.test(c) ? { full: c, initial: c, han: false } : null);
      i++;
    }
  }
  return units;
}

function groups(units: (PinyinUnit | null)[]): PinyinUnit[][] {
  const out: PinyinUnit[][] = [];
  let current: PinyinUnit[] = [];
  for (const u of units) {
    if (u) current.push(u);
    else if (current.length) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

function pinyinOf(group: PinyinUnit[], out: string[]): void {
  out.push(group.map((u) => u.full).join(""), group.map((u) => u.initial).join(""));
}

/**
 * Pinyin tokens of a name: full and initials of each part (`贵州茅台` → `guizhoumaotai`, `gzmt`; `*ST金科` →
 * `stjinke`, `stjk`, `jinke`, `jk`), and of each of its Chinese words (`guizhou`, `gz`, `maotai`, `mt`).
 */
export function pinyinTokens(name: string): string[] {
  const normalized = normalizeText(name);
  if (!HAS_HAN.test(normalized)) return [];
  const out: string[] = [];
  for (const group of groups(pinyinUnits(normalized))) {
    if (!group.some((u) => u.han)) continue;
    pinyinOf(group, out);
    const hanOnly = group.filter((u) => u.han);
    if (hanOnly.length !== group.length) pinyinOf(hanOnly, out);
  }
  for (const word of words(normalized)) {
    if (codePoints(word).length < 2 || !HAS_HAN.test(word)) continue;
    for (const group of groups(pinyinUnits(word))) if (group.some((u) => u.han)) pinyinOf(group, out);
  }
  return unique(out);
}

/** Tokens of a name (stock, master, strategy, member): its tokens and its pinyin tokens. */
export function nameTokens(name: string): string[] {
  return unique([...tokenize(name), ...pinyinTokens(name)]);
}

/** Tokens of a stock code: `600519`, `600519.sh`. */
export function codeTokens(code: string, exchange?: string): string[] {
  const digits = normalizeText(code).trim();
  if (!SIX_DIGITS.test(digits)) return tokenize(code);
  return unique([digits, `${digits}.${(exchange ?? exchangeOf(digits)).toLowerCase()}`]);
}
