import { Command, InvalidArgumentError } from "commander";
import cliProgress from "cli-progress";
import { isoDayNumber } from "@/lib/domain/iso-day";
import { hasSyncedChart } from "@/lib/domain/market/codes";
import { CSI300_CODE, type MarketDataProvider } from "@/lib/server/market/providers/types";
import type { SyncSummary } from "@/lib/server/market/sync/types";
import { withDatabase } from "./with-database";

export interface MarketCommandOptions {
  /** the provider to sync from; the configured one when absent (tests pass one) */
  provider?: () => MarketDataProvider | null;
}

const SIX_DIGITS = /^(?:(?:SH|SZ|BJ)\.?)?(\d{6})(?:\.(?:SH|SZ|BJ))?$/i;

/** `600519,000001 000858` → six-digit codes (and 000300.SH); anything else is refused with the code that is wrong. */
export function parseCodes(value: string): string[] {
  const codes = value.split(/[\s,，]+/).filter(Boolean).map((raw) => {
    if (raw.toUpperCase() === CSI300_CODE) return CSI300_CODE;
    const code = SIX_DIGITS.exec(raw)?.[1];
    if (code === undefined) throw new InvalidArgumentError(`"${raw}" is not a stock code (six digits, e.g. 600519 or 600519.SH)`);
    if (!hasSyncedChart(code)) throw new InvalidArgumentError(`${code} is neither an A-share stock nor an exchange-traded fund: bonds, repo and subscription codes have no bars to sync`);
    return code;
  });
  if (codes.length === 0) throw new InvalidArgumentError("no codes given (e.g. --codes 600519,000001)");
  return [...new Set(codes)];
}

function parseDay(value: string): string {
  const day = isoDayNumber(value);
  const year = Number(value.slice(0, 4));
  if (day === null || year < 1990 || year > 2100) throw new InvalidArgumentError(`expected a date YYYY-MM-DD from 1990 to 2100, got "${value}"`);
  return value;
}

function progressBar() {
  if (!process.stderr.isTTY) return null;
  return new cliProgress.SingleBar(
    { stream: process.stderr, format: "market:sync [{bar}] {percentage}% {value}/{total} {code}", hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
}

/** The summary, one line per failure; what a script or an operator reads. */
export function formatSyncSummary(summary: SyncSummary, label: string): string[] {
  const seconds = ((summary.finishedAt.getTime() - summary.startedAt.getTime()) / 1000).toFixed(1);
  const lines = [
    `provider: ${label}`,
    `${summary.status}: ${summary.codes} codes, ${summary.bars} bars, ${summary.calls} calls, ${summary.failures.length} failures in ${seconds} s (run ${summary.runId ?? "not recorded"})`,
  ];
  if (summary.message) lines.push(`stopped: ${summary.message}`);
  for (const failure of summary.failures) lines.push(`failed ${failure.code}: ${failure.message}`);
  return lines;
}

export function registerMarketCommands(program: Command, options: MarketCommandOptions = {}): void {
  program
    .command("market:sync")
    .description(
      "fetch daily bars from the market data provider (MARKET_DATA_PROVIDER): without --codes every A-share stock of any statement or strategy " +
        "(first fill − 120 to last fill + 20 trading days), the 沪深300 (000300.SH) and the trading calendar; only what is not fetched yet",
    )
    .option("--codes <codes>", "only these codes, comma-separated (600519,000001; 000300.SH for the index)", parseCodes)
    .option("--from <date>", "first day, YYYY-MM-DD", parseDay)
    .option("--to <date>", "last day, YYYY-MM-DD (never past the last day whose bars are out)", parseDay)
    .action(async (opts: { codes?: string[]; from?: string; to?: string }) => {
      if (opts.from && opts.to && opts.from > opts.to) throw new InvalidArgumentError(`--from ${opts.from} is after --to ${opts.to}`);
      await withDatabase(true, async () => {
        const { runMarketSync } = await import("@/lib/server/market/sync/run");
        const { marketDataProvider } = await import("@/lib/server/market/providers");
        const { isSyntheticMarket } = await import("@/lib/server/market/bars");
        const provider = options.provider ? options.provider() : marketDataProvider();
        for (const code of opts.codes ?? []) {
          if (await isSyntheticMarket(code)) console.log(`skipped ${code}: its bars are the demo's synthetic 模拟行情 and are not overwritten`);
        }
        const abort = new AbortController();
        const cancel = () => abort.abort();
        process.once("SIGINT", cancel);
        const bar = progressBar();
        let started = false;
        try {
          const summary = await runMarketSync({
            trigger: "cli", provider, codes: opts.codes, from: opts.from, to: opts.to, signal: abort.signal,
            onProgress: ({ done, total, current }) => {
              if (!started) bar?.start(total, 0, { code: "" });
              started = true;
              bar?.update(done, { code: current ?? "" });
            },
          });
          bar?.stop();
          for (const line of formatSyncSummary(summary, provider?.label ?? "none")) console.log(line);
          if (summary.status !== "ok") {
            throw new Error(summary.message ?? `${summary.failures.length} ${summary.failures.length === 1 ? "code was" : "codes were"} not fetched (reasons above); run market:sync again to retry them`);
          }
        } finally {
          bar?.stop();
          process.removeListener("SIGINT", cancel);
        }
      });
    });
}
