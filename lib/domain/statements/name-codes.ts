import type { Exchange } from "@/lib/domain/market/types";
import type { ImportReport } from "@/lib/domain/statements/types";

/**
 * Files without a code column (some credit accounts' exports) are read by 证券名称 (docs/adr/0075): the reader keys
 * each security by its name, and the import resolves the names to codes from what the site knows — the market data
 * provider's stock list and the statements already stored. A name nothing resolves, or resolves to two codes, stays
 * the key, and the notes say so.
 */

/** A name a code went by, over the days it is known to have (both null: no dates known). */
export interface NamedListing {
  name: string;
  code: string;
  exchange: Exchange;
  from: string | null;
  to: string | null;
  source: "provider" | "statements";
}

const SOURCE_WORDS: Record<NamedListing["source"], string> = { provider: "行情源股票列表", statements: "已导入的交割单" };

/**
 * The key of a written name: spaces and full-width letters do not count, nor the day marks an exchange puts before a
 * name for a few days (XD/XR/DR 除权除息, N/C on the first days of a listing).
 */
export function nameKeyOf(written: string): string {
  return written
    .replace(/[\uff01-\uff5e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, "")
    .replace(/^(?:XD|XR|DR|N|C)(?=[\u4e00-\u9fff*])/i, "")
    .toUpperCase();
}

/** A fill or event keyed by name: its code is not digits (A-share codes are six, 港股通 five). */
export function isNameKey(code: string | null): code is string {
  return code !== null && code !== "" && !/^\d+$/.test(code);
}

function covers(listing: NamedListing, date: string): boolean {
  return (listing.from === null || listing.from <= date) && (listing.to === null || date <= listing.to);
}

interface Resolution {
  code: string;
  exchange: Exchange;
  source: NamedListing["source"];
}

/**
 * The one code a name had on a day: among the listings whose days cover it when there are any, else among all of
 * them (a name seen in other statements on other days); null when none or two.
 */
function resolve(candidates: readonly NamedListing[], date: string): Resolution | null {
  const dated = candidates.filter((l) => (l.from !== null || l.to !== null) && covers(l, date));
  const pool = dated.length > 0 ? dated : candidates;
  const codes = new Set(pool.map((l) => l.code));
  if (codes.size !== 1) return null;
  const provider = pool.find((l) => l.source === "provider");
  const chosen = provider ?? (pool[0] as NamedListing);
  return { code: chosen.code, exchange: chosen.exchange, source: chosen.source };
}

/** The names keyed by name in a report, as written. */
export function namesToResolve(report: Pick<ImportReport, "fills" | "events">): string[] {
  const names = new Set<string>();
  for (const f of report.fills) if (isNameKey(f.code)) names.add(f.name);
  for (const e of report.events) if (isNameKey(e.code)) names.add(e.name);
  return [...names];
}

/** The report with every name key the listings resolve replaced by its code, and notes on what was and was not. */
export function resolveNamedCodes(report: ImportReport, listings: readonly NamedListing[]): ImportReport {
  const byKey = new Map<string, NamedListing[]>();
  for (const l of listings) {
    const key = nameKeyOf(l.name);
    const list = byKey.get(key);
    if (list) list.push(l);
    else byKey.set(key, [l]);
  }
  const resolved = new Map<string, Resolution>();
  const unresolved = new Set<string>();
  const codeOf = (key: string, date: string): Resolution | null => {
    const r = resolve(byKey.get(key) ?? [], date);
    if (r) resolved.set(key, r);
    else unresolved.add(key);
    return r;
  };
  const fills = report.fills.map((f) => {
    if (!isNameKey(f.code)) return f;
    const r = codeOf(f.code, f.date);
    return r ? { ...f, code: r.code, exchange: r.exchange } : f;
  });
  const events = report.events.map((e) => {
    if (!isNameKey(e.code)) return e;
    const r = codeOf(e.code, e.date);
    return r ? { ...e, code: r.code, exchange: r.exchange } : e;
  });
  const warnings = [...report.warnings];
  if (resolved.size > 0) {
    const shown = [...resolved].slice(0, 10).map(([key, r]) => `${key}→${r.code}`).join("、");
    const sources = [...new Set([...resolved.values()].map((r) => SOURCE_WORDS[r.source]))].join("、");
    warnings.push(`按证券名称对应到代码（来源：${sources}）：${shown}${resolved.size > 10 ? ` 等 ${resolved.size} 个` : ""}。`);
  }
  const still = [...unresolved].filter((key) => fills.some((f) => f.code === key) || events.some((e) => e.code === key));
  if (still.length > 0) {
    warnings.push(
      `${still.length} 个证券名称没有对应到唯一的代码，按名称记（没有行情，也无法核对涨跌停）：${still.slice(0, 10).join("、")}${still.length > 10 ? "等" : ""}。`,
    );
  }
  return { ...report, fills, events, warnings };
}
