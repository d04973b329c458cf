import "server-only";
import { asc, eq } from "drizzle-orm";
import { DEMO_MARKET_START, DEMO_STOCKS, demoBars } from "@/lib/domain/demo/demo-market";
import { DEMO_MASTER_END, DEMO_MASTERS, simulateDemoMaster } from "@/lib/domain/demo/demo-masters";
import { exchangeOf } from "@/lib/domain/market/codes";
import type { ImportReport } from "@/lib/domain/statements/types";
import type { Database } from "@/lib/db";
import { appMeta, masters } from "@/lib/db/schema";
import { rememberStocks, upsertBars } from "@/lib/server/market/bars";
import { storeReport } from "./import";

const SEEDED_KEY = "demo_statements_seeded_at";

/** The demo market alone (synthetic bars of real codes and their names, 模拟行情); idempotent. */
export async function loadDemoMarket(database: Database, bars = demoBars(DEMO_MARKET_START, DEMO_MASTER_END)): Promise<void> {
  await upsertBars(bars, { source: "synthetic" }, database);
  await rememberStocks(DEMO_STOCKS.map((s) => ({ code: s.code, exchange: exchangeOf(s.code), name: s.name })), { synthetic: true, overwriteName: true }, database);
}

/**
 * Loads the demo market (synthetic bars of real codes, 模拟行情) and one generated statement per demo master
 * (演示数据), once per database, in one transaction. Each demo master gets the generated record of the demo master
 * of the same name (demo-masters.ts), so its style tags and its trades agree.
 */
export async function seedDemoStatements(database: Database, now = new Date()): Promise<boolean> {
  const demoMasters = await database.select().from(masters).where(eq(masters.isDemo, true)).orderBy(asc(masters.createdAt), asc(masters.name));
  if (demoMasters.length === 0) return false;
  const bars = demoBars(DEMO_MARKET_START, DEMO_MASTER_END);
  return database.transaction(async (tx) => {
    const claimed = await tx.insert(appMeta).values({ key: SEEDED_KEY, value: now.toISOString() }).onConflictDoNothing({ target: appMeta.key }).returning();
    if (claimed.length === 0) return false;
    await loadDemoMarket(tx, bars);
    for (const master of demoMasters) {
      const generated = DEMO_MASTERS.find((m) => m.name === master.name);
      if (!generated) continue;
      const { fills, events } = simulateDemoMaster(generated, bars);
      const report: ImportReport = {
        format: "generic",
        formatLabel: "演示数据（系统生成）",
        encoding: "utf-8",
        rowCount: fills.length + events.length,
        fills,
        events,
        skipped: [],
        warnings: [],
        feeBasis: "file",
        unreconciled: [],
      };
      const fingerprint = new TextEncoder().encode(`demo:${generated.id}:${fills.length}:${DEMO_MASTER_END}`);
      await storeReport(report, { bytes: fingerprint, fileName: `演示交割单-${master.name}.csv` }, { kind: "master", masterGuid: master.guid, isPublic: true }, { source: "demo", title: "演示交割单" }, tx);
    }
    return true;
  });
}
