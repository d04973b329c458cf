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
import type { StockListing } from "@/lib/server/market/providers/types";

/**
 * The names a file without a code column wrote, resolved to codes (docs/adr/0075) from: the statements already
 * stored (a name with the days it was traded under a code), the stocks the site knows, and — for names those leave
 * open — the configured market data provider's stock list, fetched at most once per `LIST_KEPT_MS` per process.
 */

const LIST_KEPT_MS = 12 * 60 * 60 * 1000;
let providerList: { at: number; listings: StockListing[] } | null = null;

async function providerListings(): Promise<StockListing[]> {
  if (providerList && Date.now() - providerList.at < LIST_KEPT_MS) return providerList.listings;
  const provider = marketDataProvider();
  if (!provider) return [];
  try {
    const listings = await provider.stockNames();
    providerList = { at: Date.now(), listings };
    return listings;
  } catch (err) {
    logger().warn({ err, provider: provider.name }, "statement import: the provider's stock list could not be read; names stay unresolved");
    return [];
  }
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
    const matched = (await providerListings()).filter((l) => open.has(nameKeyOf(l.name)));
    fromProvider = matched.map((l) => ({ ...l, from: null, to: null, source: "provider" as const }));
    await rememberStocks(matched.map((l) => ({ code: l.code, exchange: l.exchange, name: l.name })), {}, database);
  }
  return resolveNamedCodes(report, [...stored, ...fromProvider]);
}

/** Test support: forget the provider's list kept by this process. */
export function forgetProviderList(): void {
  providerList = null;
}
