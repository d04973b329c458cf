import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { statementFills, stocks } from "@/lib/db/schema";
import type { Exchange } from "@/lib/domain/market/types";
import { nameKeyOf, namesToResolve, resolveNamedCodes, type NamedListing } from "@/lib/domain/statements/name-codes";
import type { ImportReport } from "@/lib/domain/statements/types";
import { logger } from "@/lib/server/logger";
import { rememberStocks } from "@/lib/server/market/bars";
import { marketDataProvider } from "@/lib/server/market/providers";
import type { StockListing, StockNameSpan } from "@/lib/server/market/providers/types";

/**
 * The names a file without a code column wrote, resolved to codes (docs/adr/0075) from: the statements already
 * stored (a name with the days it was traded under a code), the stocks the site knows, and — for names those leave
 * open — the configured market data provider's stock list and history of names (Tushare `namechange`), fetched at
 * most once per `LIST_KEPT_MS` per process.
 */

const LIST_KEPT_MS = 12 * 60 * 60 * 1000;
let providerList: { at: number; listings: NamedListing[] } | null = null;

/** The provider's stock list (today's names) and its history of names (each with its days), kept for a while. */
async function providerListings(): Promise<NamedListing[]> {
  if (providerList && Date.now() - providerList.at < LIST_KEPT_MS) return providerList.listings;
  const provider = marketDataProvider();
  if (!provider) return [];
  const read = async <T>(what: string, call: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await call();
    } catch (err) {
      logger().warn({ err, provider: provider.name }, `statement import: the provider's ${what} could not be read; names it would resolve stay unresolved`);
      return [];
    }
  };
  const [today, history] = await Promise.all([read("stock list", () => provider.stockNames()), read("history of names", () => provider.nameHistory())]);
  const listings: NamedListing[] = [
    ...today.map((l: StockListing) => ({ ...l, from: null, to: null, source: "provider" as const })),
    ...history.map((s: StockNameSpan) => ({ code: s.code, exchange: s.exchange, name: s.name, from: s.from, to: s.to, source: "provider" as const })),
  ];
  providerList = { at: Date.now(), listings };
  return listings;
}

async function storedListings(database: Database, written: readonly string[]): Promise<NamedListing[]> {
  const keys = [...new Set(written.map(nameKeyOf))];
  const fromFills = await database
    .select({
      name: statementFills.name,
      code: statementFills.code,
      exchange: statementFills.exchange,
      from: sql<string>`min(${statementFills.tradeDate})::text`,
      to: sql<string>`max(${statementFills.tradeDate})::text`,
    })
    .from(statementFills)
    .where(inArray(statementFills.name, [...new Set([...written, ...keys])]))
    .groupBy(statementFills.name, statementFills.code, statementFills.exchange);
  const known = await database.select({ name: stocks.name, code: stocks.code, exchange: stocks.exchange }).from(stocks).where(inArray(stocks.name, keys));
  return [
    ...fromFills.filter((r) => /^\d{5,6}$/.test(r.code)).map((r) => ({ ...r, exchange: r.exchange as Exchange, source: "statements" as const })),
    // a stock's current name, without the days it held it
    ...known.filter((r) => /^\d{6}$/.test(r.code)).map((r) => ({ ...r, exchange: r.exchange as Exchange, from: null, to: null, source: "statements" as const })),
  ];
}

/** The report with its name keys resolved where anything knows them; the same report when it has none. */
export async function withResolvedNames(report: ImportReport, database: Database): Promise<ImportReport> {
  const written = namesToResolve(report);
  if (written.length === 0) return report;
  const stored = await storedListings(database, written);
  const known = new Set(stored.map((l) => nameKeyOf(l.name)));
  const open = new Set(written.map(nameKeyOf).filter((k) => !known.has(k)));
  let fromProvider: NamedListing[] = [];
  if (open.size > 0) {
    fromProvider = (await providerListings()).filter((l) => open.has(nameKeyOf(l.name)));
    // today's names only: a stock's old name is not what the site calls it
    const current = fromProvider.filter((l) => l.from === null && l.to === null);
    await rememberStocks(current.map((l) => ({ code: l.code, exchange: l.exchange, name: l.name })), {}, database);
  }
  return resolveNamedCodes(report, [...stored, ...fromProvider]);
}

/** Test support: forget the provider's list kept by this process. */
export function forgetProviderList(): void {
  providerList = null;
}
