import "server-only";
import { config } from "@/lib/config";
import { prepareDatabase } from "@/lib/db";
import { startExpiryReminders } from "@/lib/server/notifications/expiry";
import { seedDemoStatements } from "@/lib/server/statements/demo-seed";
import { startJobWorker } from "@/lib/server/quant/jobs";
import { seedDemoStrategies } from "@/lib/server/quant/demo-seed";
import { seedDemoBlogs } from "@/lib/server/content/demo-blogs";
import { ensureSearchIndex } from "@/lib/server/search/indexer";

/**
 * Opens the database when the server starts (for PGlite: takes the data-directory lock, migrates and loads the
 * demo data on first run), so the first visitor does not pay the start-up and a second process on the same
 * data directory stops at once with a clear message. Then starts the hourly membership-expiry reminders.
 */
export async function prepareServer(): Promise<void> {
  const cfg = config();
  try {
    const handle = await prepareDatabase({ migrate: !cfg.databaseUrl, seedDemo: !cfg.databaseUrl && cfg.loadDemoData });
    if (!cfg.databaseUrl && cfg.loadDemoData) {
      if (await seedDemoStatements(handle.db)) console.log("> Demo statements and market data loaded (演示数据 / 模拟行情)");
      if (await seedDemoStrategies(handle.db)) console.log("> Demo strategies loaded (演示数据)");
      if (await seedDemoBlogs(handle.db)) console.log("> Demo blogs loaded (演示数据)");
    }
    // The first build of the search index takes a few seconds on PGlite: searches made meanwhile wait for it.
    void ensureSearchIndex().catch((err) => console.error("search index not built:", (err as Error).message));
    startExpiryReminders();
    startJobWorker();
    console.log(`> Database ready (${handle.engine}${handle.engine === "pglite" ? `, ${cfg.dataDir}; one process per data directory` : ""})`);
  } catch (err) {
    console.error(`\n✖ ${(err as Error).message}\n`);
    process.exit(1);
  }
}
