import "server-only";
import { config } from "@/lib/config";
import { cancelRunningStatements, closeDatabase, prepareDatabase, warmDatabase } from "@/lib/db";
import { seedDemoStatements } from "@/lib/server/statements/demo-seed";
import { writeMissingMasterFigures } from "@/lib/server/statements/figures-backfill";
import { startJobWorker } from "@/lib/server/jobs/worker";
import { startPageStamp } from "@/lib/server/cache/page-stamp";
import { seedDemoStrategies } from "@/lib/server/quant/demo-seed";
import { seedDemoBlogs } from "@/lib/server/content/demo-blogs";
import { flushArticleViews } from "@/lib/server/content/view-counts";
import { ensureSearchIndex } from "@/lib/server/search/indexer";
import { installGracefulShutdown } from "@/lib/server/shutdown";
import { rememberStartupContext } from "@/lib/server/startup-context";
import { releaseAbortReasonFrames } from "@/lib/server/abort-reason-frames";
import { ANSWER_AFTER_CANCEL_MS, beginStopping, installRequestDeadlines, throwIfCancelled } from "@/lib/server/request-deadline";
import { setQueryGuard } from "@/lib/db/client";
import { closeStatementParser } from "@/lib/server/statements/parser-pool";
import { issueSetupToken, SETUP_TOKEN_HOURS } from "@/lib/server/auth/first-admin";
import { closeLimitStores, limitStoreFor } from "@/lib/server/security/rate-limit-store";
import { peerAddressRecorded } from "@/lib/server/security/request-meta";
import { renderAdmission } from "@/lib/server/admission";

export interface PrepareServerOptions {
  /** `NEXT_MANUAL_SIG_HANDLE` is set (Next.js then leaves SIGTERM/SIGINT to the app and does not drain). */
  manualSignalHandling?: boolean;
}

/**
 * Runs in instrumentation `register()`, which `next start` awaits before it hands any request to the app: opens the
 * database (for PGlite: takes the data-directory lock, migrates and loads the demo data on first run) and warms it,
 * so neither the first visitor nor the first health check pays for that, and a second process on the same data
 * directory stops at once with a clear message (P22). Then starts the background work (search index, and the job
 * worker, which also queues the scheduled kinds: hourly membership-expiry reminders, the daily market sync) and the graceful shutdown (P24,
 * lib/server/shutdown.ts), which stops that work and closes the database after Next.js has answered the last request.
 */
export async function prepareServer(opts: PrepareServerOptions = {}): Promise<void> {
  rememberStartupContext();
  releaseAbortReasonFrames();
  const cfg = config();
  // Connect to the rate limits' Redis now: a limiter asked before the connection is ready counts in memory.
  if (cfg.redisUrl) limitStoreFor({ redisUrl: cfg.redisUrl });
  // Every request's work has a deadline, and a stop shortens it (ADR 0048): no query is issued for cancelled work.
  // Not under `next dev`, whose requests include compiling their route (often longer than a deadline on first use).
  if (cfg.nodeEnv !== "development") {
    installRequestDeadlines({ deadlineMs: cfg.requestDeadlineMs });
    setQueryGuard(throwIfCancelled);
  }
  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  // Installed first: a signal during start-up still closes the database once it is open.
  installGracefulShutdown({
    manualSignalHandling: opts.manualSignalHandling,
    stopBackground: async () => {
      stopping = true;
      // Requests in flight get at most 5 s more; then they, shared work and the statements still running are cancelled.
      beginStopping({
        whenGraceEnds: () => {
          cancelRunningStatements().then(
            (n) => n > 0 && console.error(`✖ ${n} running statement${n === 1 ? "" : "s"} cancelled: the server is stopping`),
            (err: Error) => console.error(`running statements not cancelled: ${err.message}`),
          );
        },
      });
      await Promise.all(stops.map((stop) => stop()));
    },
    // Reading counts gathered while the last requests were answered go in before the database closes. The statement
    // parser's threads end here too, after the last request (one may still have been reading a file).
    closeDatabase: async () => {
      await Promise.all([flushArticleViews(), closeStatementParser()]);
      await Promise.all([closeDatabase({ final: true }), closeLimitStores()]);
    },
  });
  try {
    const handle = await prepareDatabase({
      migrate: !cfg.databaseUrl,
      seedDemo: !cfg.databaseUrl && cfg.loadDemoData,
      // a statement outliving its request: ended a second after the deadline, when the request has already been cancelled
      statementTimeoutMs: cfg.requestDeadlineMs + ANSWER_AFTER_CANCEL_MS,
    });
    if (!cfg.databaseUrl && cfg.loadDemoData) {
      if (await seedDemoStatements(handle.db)) console.log("> Demo statements and market data loaded (演示数据 / 模拟行情)");
      if (await seedDemoStrategies(handle.db)) console.log("> Demo strategies loaded (演示数据)");
      if (await seedDemoBlogs(handle.db)) console.log("> Demo blogs loaded (演示数据)");
    }
    const written = await writeMissingMasterFigures(handle.db);
    if (written) console.log(`> Figures written for ${written} master${written === 1 ? "" : "s"} (rankings, loss tracker)`);
    const warm = await warmDatabase(handle);
    if (stopping) return;
    // The first build of the search index takes a few seconds on PGlite: searches made meanwhile wait for it.
    const indexing = ensureSearchIndex().catch((err) => console.error("search index not built:", (err as Error).message));
    stops.push(() => indexing);
    // All background work: queued jobs and the scheduled kinds (hourly expiry reminders, the daily market sync).
    stops.push(startJobWorker());
    // The page cache answers nothing until it knows the data's versions (ADR 0065).
    stops.push(startPageStamp());
    console.log(
      `> Database ready (${handle.engine}${handle.engine === "pglite" ? `, ${cfg.dataDir}; one process per data directory` : ""}; ` +
        `warmed ${warm.tables} tables in ${Math.round(warm.ms)} ms)`,
    );
    await announceSetup(cfg.siteUrl);
    renderAdmission()?.configure(cfg.renderAdmission);
    if (!peerAddressRecorded() && cfg.trustedProxyHops === 0) {
      console.warn(
        "⚠ Started without scripts/peer-address.cjs (npm start loads it): with TRUSTED_PROXY_HOPS=0 every client counts " +
          "as one address, so one visitor can use up the per-address limits (codes, logins) for everyone. docs/security.md",
      );
    }
  } catch (err) {
    console.error(`\n✖ ${(err as Error).message}\n`);
    process.exit(1);
  }
}

/**
 * First run (ADR 0034): while no administrator exists, a fresh one-time setup link; it names the origin absolute
 * links use (SITE_URL, else http://localhost:PORT). A failure here is reported and the server serves on.
 */
async function announceSetup(siteUrl: string): Promise<void> {
  try {
    const setup = await issueSetupToken();
    if (!setup) return;
    console.log(
      `> No administrator yet. Open this link to make the first one (single use, valid ${SETUP_TOKEN_HOURS} h; a restart prints a new one):\n` +
        `  ${siteUrl}/setup?token=${setup.token}`,
    );
  } catch (err) {
    console.error("setup link not issued:", (err as Error).message);
  }
}
