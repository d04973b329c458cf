import { readFileSync, statSync } from "node:fs";
import { Command, InvalidArgumentError } from "commander";
import { formatDateTime } from "@/lib/domain/format";
import { OPERATOR } from "@/lib/server/auth/roles";
import type { CsvImportResult } from "@/lib/server/quant/csv-import";
import { withDatabase } from "./with-database";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function guidArg(value: string): string {
  if (!GUID.test(value)) throw new InvalidArgumentError(`expected a strategy guid, got "${value}"`);
  return value.toLowerCase();
}

function readInput(file: string): Uint8Array {
  try {
    if (!statSync(file).isFile()) throw new InvalidArgumentError(`${file} is not a file`);
    return new Uint8Array(readFileSync(file));
  } catch (err) {
    if (err instanceof InvalidArgumentError) throw err;
    throw new InvalidArgumentError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

async function requireStrategy(guid: string): Promise<void> {
  const { findStrategy } = await import("@/lib/server/quant/find-strategy");
  if (!(await findStrategy(OPERATOR, guid))) throw new InvalidArgumentError(`no strategy with guid ${guid}`);
}

/** Prints a CSV import's outcome; every bad line goes to stderr and the command fails with nothing stored. */
function report(kind: string, result: CsvImportResult): void {
  if (result.ok) {
    console.log(`${kind}: ${result.added} added, ${result.duplicates} already stored (skipped), ${result.rows} data rows, ${result.encoding}`);
    return;
  }
  if (result.reason === "missing") throw new InvalidArgumentError("no such strategy");
  for (const e of result.errors) console.error(`  line ${e.line}: ${e.message}`);
  throw new Error(result.errors.length > 0 ? `${result.errors.length} bad line(s) — nothing stored` : result.message);
}

export function registerStrategyCommands(program: Command): void {
  program
    .command("strategy:create")
    .description("create a strategy (策略); prints its guid alone on the last line")
    .requiredOption("--name <name>", "the strategy's name (1–40 characters)")
    .requiredOption("--author <author>", "who runs it")
    .requiredOption("--status <status>", "live (实盘) | paper (模拟盘) | backtest (回测)")
    .requiredOption("--start <date>", "start date YYYY-MM-DD")
    .option("--style <style>", "style, e.g. 多因子", "")
    .option("--benchmark <code>", "benchmark index", "000300.SH")
    .option("--description <text>", "description", "")
    .action(async (opts: { name: string; author: string; status: string; start: string; style: string; benchmark: string; description: string }) => {
      const { StrategyInput } = await import("@/lib/domain/quant/schemas");
      const { createStrategy } = await import("@/lib/server/quant/strategies-admin");
      const input = StrategyInput.safeParse({ ...opts, startDate: opts.start });
      if (!input.success) throw new InvalidArgumentError(input.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "));
      await withDatabase(true, async () => {
        const row = await createStrategy(OPERATOR, input.data);
        console.log(`created ${row.status} strategy “${row.name}” starting ${row.startDate}`);
        console.log(row.guid);
      });
    });

  program
    .command("strategy:key")
    .description("create an ingest key for a strategy and print it (shown once) alone on the last line; --revoke KEY_ID revokes one")
    .argument("<guid>", "the strategy's guid", guidArg)
    .option("--revoke <keyId>", "revoke this key (its id from strategy:keys) instead of creating one")
    .action(async (guid: string, opts: { revoke?: string }) => {
      if (opts.revoke !== undefined && !GUID.test(opts.revoke)) throw new InvalidArgumentError(`--revoke needs a key id (see strategy:keys), got "${opts.revoke}"`);
      await withDatabase(true, async () => {
        const { createStrategyKey, revokeStrategyKey } = await import("@/lib/server/quant/api-keys");
        await requireStrategy(guid);
        if (opts.revoke) {
          if (!(await revokeStrategyKey(OPERATOR, opts.revoke.toLowerCase(), guid))) throw new InvalidArgumentError(`no live key ${opts.revoke} on strategy ${guid}`);
          console.log(`revoked key ${opts.revoke.toLowerCase()}`);
          return;
        }
        const made = (await createStrategyKey(OPERATOR, guid))!;
        console.log(`key ${made.id} (${made.prefix}…) for strategy ${guid}; only its SHA-256 is stored: copy it now, it cannot be shown again`);
        console.log(`use it as "Authorization: Bearer <key>" on POST /api/quant/strategies/${guid}/signals|nav|fills`);
        console.log(made.key);
      });
    });

  program
    .command("strategy:keys")
    .description("list a strategy's ingest keys by prefix (never the keys themselves)")
    .argument("<guid>", "the strategy's guid", guidArg)
    .action(async (guid: string) => {
      await withDatabase(true, async () => {
        const { listStrategyKeys } = await import("@/lib/server/quant/api-keys");
        await requireStrategy(guid);
        const keys = await listStrategyKeys(OPERATOR, guid);
        if (keys.length === 0) {
          console.log("no keys (create one with strategy:key GUID)");
          return;
        }
        for (const k of keys) {
          const state = k.revokedAt ? `revoked ${formatDateTime(k.revokedAt)}` : "live";
          console.log(`${k.prefix}…  ${k.id}  created ${formatDateTime(k.createdAt)}  last used ${k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "never"}  ${state}`);
        }
      });
    });

  program
    .command("strategy:import-nav")
    .description("import daily NAV from a CSV (header date,nav; UTF-8 or GB18030); any bad line stores nothing, known dates are skipped")
    .argument("<guid>", "the strategy's guid", guidArg)
    .argument("<file>", "the CSV file")
    .action(async (guid: string, file: string) => {
      const bytes = readInput(file);
      await withDatabase(true, async () => {
        const { importNavCsv } = await import("@/lib/server/quant/csv-import");
        report("nav", await importNavCsv(OPERATOR, guid, bytes));
      });
    });

  program
    .command("strategy:import-fills")
    .description("import fills from a CSV (header date,time,code,name,side,quantity,price; side 买入/卖出/buy/sell); any bad line stores nothing")
    .argument("<guid>", "the strategy's guid", guidArg)
    .argument("<file>", "the CSV file")
    .action(async (guid: string, file: string) => {
      const bytes = readInput(file);
      await withDatabase(true, async () => {
        const { importFillsCsv } = await import("@/lib/server/quant/csv-import");
        report("fills", await importFillsCsv(OPERATOR, guid, bytes));
      });
    });
}
