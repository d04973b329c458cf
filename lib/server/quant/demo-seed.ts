import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { DEMO_BENCHMARK, DEMO_STRATEGY_END, DEMO_STRATEGY_SPECS, demoBenchmarkNav, demoStrategyRecord } from "@/lib/domain/demo/demo-strategies";
import type { Database } from "@/lib/db";
import { appMeta, benchmarkLevels, strategies, strategyFills, strategyNav, strategyPositions, strategySignals } from "@/lib/db/schema";
import { signalRow } from "./signal-rows";

const SEEDED_KEY = "demo_strategies_seeded_at";
const DEMO_AUTHOR = "量化学堂研究组";
/** rows per insert statement (well under PostgreSQL's 65,535 parameters) */
const CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Loads the demo strategies' records once per database, in one transaction: the live demo profile (the paper and
 * backtest profiles come with the demo content), then for every demo strategy matched by name its NAV, fills,
 * positions and signals, plus the synthetic 沪深300 levels (is_synthetic). Nothing when the demo content was never
 * loaded (no demo strategy profiles) or when this ran before; a demo profile an editor deleted stays deleted.
 * Signals loaded here are history: no fan-out is queued for them.
 */
export async function seedDemoStrategies(database: Database, now = new Date()): Promise<boolean> {
  const names = DEMO_STRATEGY_SPECS.map((s) => s.name);
  const existing = await database.select({ guid: strategies.guid, name: strategies.name }).from(strategies).where(and(eq(strategies.isDemo, true), inArray(strategies.name, names)));
  if (existing.length === 0) return false;
  return database.transaction(async (tx) => {
    const claimed = await tx.insert(appMeta).values({ key: SEEDED_KEY, value: now.toISOString() }).onConflictDoNothing({ target: appMeta.key }).returning();
    if (claimed.length === 0) return false;
    const guidByName = new Map(existing.map((s) => [s.name, s.guid]));
    for (const spec of DEMO_STRATEGY_SPECS.filter((s) => s.status === "live" && !guidByName.has(s.name))) {
      const [row] = await tx
        .insert(strategies)
        .values({ name: spec.name, author: DEMO_AUTHOR, description: spec.description, style: spec.style, status: spec.status, startDate: spec.startDate, isDemo: true })
        .returning({ guid: strategies.guid });
      guidByName.set(spec.name, row!.guid);
    }

    let from: string = DEMO_STRATEGY_END;
    for (const spec of DEMO_STRATEGY_SPECS) {
      const guid = guidByName.get(spec.name);
      if (!guid) continue;
      const record = demoStrategyRecord(spec.key);
      if (record.nav[0] && record.nav[0].date < from) from = record.nav[0].date;
      await insertChunked(record.nav, (chunk) =>
        tx.insert(strategyNav).values(chunk.map((p) => ({ strategyGuid: guid, tradeDate: p.date, nav: p.nav }))).onConflictDoNothing(),
      );
      await insertChunked(record.fills, (chunk) =>
        tx.insert(strategyFills).values(
          chunk.map((f) => ({ strategyGuid: guid, tradeDate: f.date, tradeTime: f.time, code: f.code, name: f.name, side: f.side, quantity: f.quantity, price: f.price, amount: f.amount })),
        ),
      );
      await insertChunked(record.positions, (chunk) =>
        tx
          .insert(strategyPositions)
          .values(chunk.map((p) => ({ strategyGuid: guid, tradeDate: p.date, code: p.code, name: p.name, quantity: p.quantity, cost: p.cost, price: p.price })))
          .onConflictDoNothing(),
      );
      await insertChunked(record.signals, (chunk) =>
        tx.insert(strategySignals).values(chunk.map((s) => signalRow(guid, s.externalId, s))).onConflictDoNothing(),
      );
    }
    // Real index levels, when an operator imported them, win over the synthetic ones.
    const levels = demoBenchmarkNav(from < DEMO_BENCHMARK.from ? DEMO_BENCHMARK.from : from, DEMO_STRATEGY_END);
    await insertChunked(levels, (chunk) =>
      tx
        .insert(benchmarkLevels)
        .values(chunk.map((p) => ({ code: DEMO_BENCHMARK.code, tradeDate: p.date, level: p.nav, isSynthetic: true })))
        .onConflictDoNothing(),
    );
    return true;
  });
}
