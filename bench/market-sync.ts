// Market data sync of N stocks × Y years against a provider stand-in (test/market-local):
// `npx tsx --conditions=react-server bench/market-sync.ts [--provider tushare|eastmoney] [--codes 500] [--years 2]
//  [--spans same|scattered] [--pacing real|none] [--json]`
//
// Loads one master's statement holding N A-share stocks into a fresh in-memory PGlite, starts the stand-in in a child
// process (port chosen by the system), and runs runMarketSync with the real client as market:sync would: the calendar,
// every stock over [first fill − 120, last fill + 20 trading days], the 沪深300. `same`: every stock has the same span
// (batched, 100 codes per Tushare call); `scattered`: spans all differ (a call per stock or per few). `--pacing real`
// keeps the client's spacing for the provider's rate limit (Tushare 400 calls/min, 东方财富 4/s); `none` shows the
// sync's own cost. The stand-in regenerates each stock's walk from 2015 on every call, so its answers are slow: the wall
// time is split into waiting for the provider and the sync's own work (planning, storing). Prints calls (by the client and by the stand-in's log, per API), wall time, bars stored, this
// process's peak RSS (in-memory PGlite alone holds about 800 MB: `rssBeforeMb` is the RSS before the first run), then the same for a second run, which must make no calls.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const providerName = option("--provider", "tushare");
const codeCount = Number(option("--codes", "500"));
const years = Number(option("--years", "2"));
const spread = option("--spans", "same");
const pacing = option("--pacing", "real");
if (!["tushare", "eastmoney"].includes(providerName) || !["same", "scattered"].includes(spread) || !["real", "none"].includes(pacing)) {
  console.error("usage: bench/market-sync.ts [--provider tushare|eastmoney] [--codes N] [--years Y] [--spans same|scattered] [--pacing real|none] [--json]");
  process.exit(2);
}
process.env.LOG_LEVEL ??= "error";

/** Tuesday 2024-12-31, 18:00 in Asia/Shanghai: the day's bars are out */
const NOW = new Date("2024-12-31T10:00:00Z");
const LAST_DAY = "2024-12-31";

function startStandIn(which: string): Promise<{ url: string; child: ChildProcess }> {
  const root = process.cwd(); // the repository root, as for the migrations
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["test/market-local/main.ts", which], {
    cwd: root, env: { ...process.env, MARKET_LOCAL_PORT: "0" }, stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(text)?.[1];
      if (url) resolve({ url, child });
    });
    child.once("exit", (code) => reject(new Error(`the ${which} stand-in exited (${code}) before listening`)));
  });
}

/** N six-digit main-board codes: 600000…, then 000001… */
function benchCodes(n: number): string[] {
  const half = Math.ceil(n / 2);
  const sh = Array.from({ length: half }, (_, i) => String(600000 + i));
  const sz = Array.from({ length: n - half }, (_, i) => String(i + 1).padStart(6, "0"));
  return [...sh, ...sz];
}

type Provider = import("@/lib/server/market/providers/types").MarketDataProvider;

/** The provider with the time spent waiting for its answers summed: the rest of the wall time is the sync's own. */
function timed(provider: Provider): { provider: Provider; waitMs: () => number } {
  let waited = 0;
  const wrap = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    const started = performance.now();
    try {
      return await call(...args);
    } finally {
      waited += performance.now() - started;
    }
  };
  const wrapped: Provider = {
    name: provider.name,
    label: provider.label,
    maxCodesPerCall: provider.maxCodesPerCall,
    get calls() {
      return provider.calls;
    },
    dailyBars: wrap(provider.dailyBars.bind(provider)),
    indexBars: wrap(provider.indexBars.bind(provider)),
    tradingDays: wrap(provider.tradingDays.bind(provider)),
    stockNames: wrap(provider.stockNames.bind(provider)),
    nameHistory: wrap(provider.nameHistory.bind(provider)),
    suspensions: wrap(provider.suspensions.bind(provider)),
    limitPrices: wrap(provider.limitPrices.bind(provider)),
  };
  return { provider: wrapped, waitMs: () => waited };
}

async function main(): Promise<void> {
  const { defaultCalendar } = await import("@/lib/domain/market/calendar");
  const { openDatabase, migrateDatabase } = await import("@/lib/db/client");
  const { useDatabaseForTests: pointDataLayerAt } = await import("@/lib/db/index");
  const { statementFills, statements } = await import("@/lib/db/schema");
  const { OPERATOR } = await import("@/lib/server/auth/roles");
  const { createMaster } = await import("@/lib/server/statements/masters-admin");
  const { runMarketSync } = await import("@/lib/server/market/sync/run");
  const { TushareProvider } = await import("@/lib/server/market/providers/tushare");
  const { EastmoneyProvider } = await import("@/lib/server/market/providers/eastmoney");
  const { TUSHARE_LOCAL_TOKEN } = await import("@/test/market-local/tushare");

  const handle = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
  await migrateDatabase(handle);
  pointDataLayerAt(handle);
  const database = handle.db;

  // first fill 120 trading days after the window opens, last fill 20 before it closes: the span is the whole window
  const windowFrom = defaultCalendar.next(`${2024 - years}-12-31`);
  const codes = benchCodes(codeCount);
  const master = await createMaster(OPERATOR, { name: "基准高手" });
  const [statement] = await database.insert(statements).values({
    masterGuid: master.guid, fileName: "bench.csv", fileHash: "bench", fileSize: 1, format: "generic", formatLabel: "通用格式",
    encoding: "utf-8", rowCount: codes.length * 2, fillCount: codes.length * 2, eventCount: 0, isPublic: true,
  }).returning({ id: statements.id });
  const fills = codes.flatMap((code, i) => {
    const shift = spread === "scattered" ? i % 60 : 0;
    const first = defaultCalendar.addTradingDays(windowFrom, 120 + shift);
    const last = defaultCalendar.addTradingDays(LAST_DAY, -20 - (spread === "scattered" ? i % 45 : 0));
    return [first, last].map((tradeDate, k) => ({
      statementId: statement!.id, masterGuid: master.guid, line: i * 2 + k + 2, tradeDate, code, exchange: code.startsWith("6") ? "SH" : "SZ",
      name: `股票${code}`, side: k === 0 ? ("buy" as const) : ("sell" as const), quantity: 100, price: 10, amount: 1000,
    }));
  });
  for (let i = 0; i < fills.length; i += 1000) await database.insert(statementFills).values(fills.slice(i, i + 1000));

  const { url, child } = await startStandIn(providerName);
  const policy = pacing === "none" ? { minIntervalMs: 0 } : {};
  const makeProvider = () =>
    providerName === "tushare" ? new TushareProvider({ token: TUSHARE_LOCAL_TOKEN, apiUrl: url, policy }) : new EastmoneyProvider({ apiUrl: url, policy });
  const standInCalls = async (): Promise<Record<string, number>> => {
    const { calls: log } = (await (await fetch(`${url}/_local/calls`)).json()) as { calls: { api: string }[] };
    await fetch(`${url}/_local/calls`, { method: "DELETE" });
    const byApi: Record<string, number> = {};
    for (const call of log) byApi[call.api] = (byApi[call.api] ?? 0) + 1;
    return byApi;
  };

  const rounds = [];
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 1048576);
  try {
    for (const round of ["first run", "second run"]) {
      const { provider, waitMs } = timed(makeProvider());
      const started = performance.now();
      const summary = await runMarketSync({ trigger: "cli", provider, now: NOW });
      const seconds = (performance.now() - started) / 1000;
      rounds.push({
        round, status: summary.status, codes: summary.codes, bars: summary.bars, calls: summary.calls, standIn: await standInCalls(),
        seconds: Number(seconds.toFixed(1)), providerSeconds: Number((waitMs() / 1000).toFixed(1)), ownSeconds: Number((seconds - waitMs() / 1000).toFixed(1)), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), failures: summary.failures.length,
      });
      if (summary.status !== "ok") console.error(summary.message ?? summary.failures.slice(0, 5));
    }
  } finally {
    child.kill("SIGTERM");
    await handle.close();
  }

  const setup = { provider: providerName, codes: codeCount, years, window: `${windowFrom}…${LAST_DAY}`, spans: spread, pacing, rssBeforeMb };
  if (args.includes("--json")) {
    console.log(JSON.stringify({ setup, rounds }, null, 2));
  } else {
    console.log(Object.entries(setup).map(([k, v]) => `${k}: ${v}`).join(", "));
    for (const r of rounds) {
      console.log(`${r.round}: ${r.status}, ${r.codes} codes, ${r.bars} bars, ${r.calls} calls (stand-in: ${JSON.stringify(r.standIn)}), ${r.seconds} s (waiting for the provider ${r.providerSeconds} s, the sync's own work ${r.ownSeconds} s), peak RSS ${r.peakRssMb} MB, ${r.failures} failures`);
    }
  }
  const [first, second] = rounds;
  if (!first || first.status !== "ok" || !second || second.calls !== 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
