import type { Board, Exchange, Market } from "@/lib/domain/market/types";

/**
 * A-share security codes: normalising what statements and files write, and reading exchange and board from the
 * prefix (research Part B.5).
 */

const FULL_WIDTH_DIGIT = /[０-９]/g;
const EXCHANGE_PREFIX = /^(?:SH|SZ|BJ|SS)[.:]?(?=\d)/i;
const EXCHANGE_SUFFIX = /\.(SH|SZ|BJ|SS|XSHG|XSHE|BSE)$/i;
const NUMERIC_CODE = /^(\d{1,6})(?:\.0+)?$/;

/**
 * Six digits from what a file writes: `600519`, `1` (Excel dropped the zeros), `1.0`, `="600519"`, `600519.SH`,
 * `SH600519`, `sz000001`, with spaces. Null when it is not a code (empty, letters, more than 6 digits, all zeros).
 */
export function normalizeCode(raw: string): string | null {
  const digits = codeDigits(raw);
  return digits === null ? null : digits.padStart(6, "0");
}

/**
 * The digits of a code as the file wrote them, without padding: `="00700"` → `00700`, `700` → `700`, `1.0` → `1`.
 * Null when it is not a code. The count matters: 港股通 codes are five digits, and a counter export that lost the
 * leading zeros writes `700` for both 00700 (HK) and 000700 (SZ).
 */
export function codeDigits(raw: string): string | null {
  let text = raw.replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\s+/g, "");
  const excelFormula = /^="?([^"]*)"?$/.exec(text);
  if (excelFormula) text = excelFormula[1] ?? "";
  text = text.replace(/^['"]+|['"]+$/g, "");
  text = text.replace(EXCHANGE_SUFFIX, "");
  text = text.replace(EXCHANGE_PREFIX, "");
  const match = NUMERIC_CODE.exec(text);
  if (!match) return null;
  const digits = match[1] ?? "";
  return /^0+$/.test(digits) ? null : digits;
}

function startsWithAny(code: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => code.startsWith(p));
}

const BJ_PREFIXES = ["920", "4", "8"] as const;
/** 6 and 9 stocks, 5 funds, 11 bonds, 132 exchangeable bonds, 204 repo, 7 subscription codes. */
const SH_PREFIXES = ["6", "9", "5", "11", "132", "204", "7"] as const;

/** 沪HK, 深HK, 港股通, 香港, HKEX: a market column that names Hong Kong (checked before 沪/深). */
export function isHongKongMarketText(market: string): boolean {
  return /HK|港股|香港/i.test(market);
}

function exchangeFromMarketText(market: string): Exchange | null {
  const text = market.trim().toUpperCase();
  if (!text) return null;
  if (isHongKongMarketText(text)) return "HK";
  if (/北京|北交|北A|京A|三板|股转|BJ|BSE|BEIJING/.test(text)) return "BJ";
  if (/深圳|深|SZ|SHENZHEN|XSHE/.test(text)) return "SZ";
  if (/上海|沪|SH|SSE|SHANGHAI|XSHG/.test(text)) return "SH";
  return null;
}

function exchangeFromAccount(account: string, code: string): Exchange | null {
  const first = account.trim().charAt(0).toUpperCase();
  if (/[A-F]/.test(first)) return "SH";
  // Beijing trades settle on a Shenzhen securities account, so a 0… account with a Beijing code is Beijing.
  if (first === "0") return startsWithAny(code, BJ_PREFIXES) ? "BJ" : "SZ";
  return null;
}

/** A six-digit code with a Shanghai prefix (stocks 6/9, funds 5, bonds 11, repo 204, subscription 7). */
export function isShanghaiCode(code: string): boolean {
  return /^\d{6}$/.test(code) && startsWithAny(code, SH_PREFIXES);
}

/** A Shanghai 股东代码 (A…–F…); Shenzhen ones are digits. */
export function isShanghaiAccount(account: string): boolean {
  return /^[A-F]/i.test(account.trim());
}

/**
 * The 港股通 code of what a file wrote, five digits: `700` → `00700`, `09988` → `09988`; a six-digit `009988` some
 * exports write is cut to five. Null when the digits cannot be a Hong Kong code.
 */
export function hongKongCode(digits: string): string | null {
  if (!/^\d{1,6}$/.test(digits)) return null;
  if (digits.length === 6) return digits.startsWith("0") ? digits.slice(1) : null;
  return digits.padStart(5, "0");
}

/** Exchange of a six-digit code; a 股东代码 or 交易市场 text from the same row wins over the prefix. */
export function exchangeOf(
  code: string,
  hint?: { shareholderAccount?: string | null; market?: string | null },
): Exchange {
  const fromMarket = hint?.market ? exchangeFromMarketText(hint.market) : null;
  if (fromMarket) return fromMarket;
  const fromAccount = hint?.shareholderAccount ? exchangeFromAccount(hint.shareholderAccount, code) : null;
  if (fromAccount) return fromAccount;
  if (startsWithAny(code, BJ_PREFIXES)) return "BJ";
  if (startsWithAny(code, SH_PREFIXES)) return "SH";
  return "SZ";
}

const MAIN_PREFIXES = ["600", "601", "603", "605", "000", "001", "002", "003"] as const;
const GEM_PREFIXES = ["300", "301"] as const;
const STAR_PREFIXES = ["688", "689"] as const;
const BJ_STOCK_PREFIXES = ["920", "43", "83", "87", "88"] as const;

export function boardOf(code: string): Board {
  if (!/^\d{6}$/.test(code)) return "other";
  if (startsWithAny(code, MAIN_PREFIXES)) return "main";
  if (startsWithAny(code, GEM_PREFIXES)) return "gem";
  if (startsWithAny(code, STAR_PREFIXES)) return "star";
  if (startsWithAny(code, BJ_STOCK_PREFIXES)) return "bj";
  return "other";
}

/** An A-share stock (main board, 创业板, 科创板 or 北交所), not a fund, bond, repo or subscription code. */
export function isStockCode(code: string): boolean {
  return boardOf(code) !== "other";
}

/**
 * Exchange-traded funds (ETF, LOF, closed-end funds and REITs, all traded like stocks): Shanghai 500–502 (closed-end,
 * LOF), 508 (REITs), 510–518 (ETF, 511 bond and money-market ETF), 52x (cross-border ETF), 560–563 and 588–589 (ETF);
 * Shenzhen 15xxxx (159 ETF, 150 graded), 16xxxx (LOF), 180 (REITs) and 184 (closed-end). Not 519 (open-end funds'
 * 申赎 codes, no secondary market), not 580–582 (old warrants).
 */
const FUND_CODE = /^(?:50[0-28]|51[0-8]|52\d|56[0-3]|58[89]|15\d|16\d|18[04])\d{3}$/;
/** 基础设施公募 REITs: Shanghai 508xxx, Shenzhen 180xxx */
const REIT_CODE = /^(?:508|180)\d{3}$/;

export function isFundCode(code: string): boolean {
  return FUND_CODE.test(code);
}

export function isReitCode(code: string): boolean {
  return REIT_CODE.test(code);
}

/** A stock or an exchange-traded fund: the codes whose daily bars the market data sync fetches and the chart draws. */
export function hasSyncedChart(code: string): boolean {
  return isStockCode(code) || isFundCode(code);
}

/** Old Beijing codes (43/83/87/88xxxx) moved to 920 + last three digits in 2025: both codes are one stock. */
export function canonicalCode(code: string): string {
  return /^(43|83|87|88)\d{4}$/.test(code) ? `920${code.slice(3)}` : code;
}

/** `600519.SH` */
export function symbolOf(code: string, exchange?: Exchange): string {
  return `${code}.${exchange ?? exchangeOf(code)}`;
}

/** Reverse repo: SH 204xxx (GC001 = 204001), SZ 1318xx (R-001 = 131810). */
export function isRepoCode(code: string): boolean {
  return /^(204\d{3}|1318\d{2})$/.test(code);
}

/**
 * Subscription and allotment codes, which differ from the listing code: SH IPO 730/732/780, STAR IPO 787, their
 * 配号 736/741/791/788; SH CB 733/754/783, STAR CB 718, 配债 704/753/764/726; SH rights 700/707; SZ CB 070/072/370
 * and 配债/配股 080/082/380.
 */
const SUBSCRIPTION_PREFIXES = [
  "730", "732", "780", "787", "736", "741", "791", "788", "733", "754", "783", "718", "704", "753", "764", "726",
  "700", "707", "070", "072", "370", "080", "082", "380",
] as const;

export function isSubscriptionCode(code: string): boolean {
  return /^\d{6}$/.test(code) && startsWithAny(code, SUBSCRIPTION_PREFIXES);
}

/** What the pages show for a code: 00700.HK for a 港股通 code; A-share codes as written. */
export function displayCode(code: string, market?: Market | null, exchange?: Exchange | null): string {
  return market === "HK" || exchange === "HK" ? `${code}.HK` : code;
}
