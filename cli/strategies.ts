import { Command, InvalidArgumentError } from "commander";
import { formatDateTime } from "@/lib/domain/format";
import { OPERATOR } from "@/lib/server/auth/roles";
import type { CsvImported } from "@/lib/server/quant/csv-import";
import { GUID, readInputFile } from "./input-file";
import { withDatabase } from "./with-database";

function guidArg(value: string): string {
  if (!GUID.test(value)) throw new InvalidArgumentError(`expected a strategy guid, got "${value}"`);
  return value.toLowerCase();
}

async function requireStrategy(guid: string): Promise<void> {
  const { findStrategy } = await import("@/lib/server/quant/find-strategy");
  if (!(await findStrategy(OPERATOR, guid))) throw new InvalidArgumentError(`no strategy with guid ${guid}`);
}

/**
 * Runs a CSV import and prints what it stored; refused, every bad line goes to stderr and the command fails with
 * nothing stored (an unknown strategy as a bad argument, anything else with the refusal's message).
 */
async function report(kind: string, importing: () => Promise<CsvImported>): Promise<void> {
  const { AppError } = await import("@/lib/server/http/app-error");
  const { CsvLinesRefused } = await import("@/lib/server/quant/csv-import");
  try {
    const result = await importing();
    console.log(`${kind}: ${result.added} added, ${result.duplicates} already stored (skipped), ${result.rows} data rows, ${result.encoding}`);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw new InvalidArgumentError("no such strategy");
    if (!(err instanceof CsvLinesRefused) || err.lines.length === 0) throw err;
    for (const e of err.lines) console.error(`  line ${e.line}: ${e.message}`);
    throw new Error(`${err.lines.length} bad line(s) — nothing stored`);
  }
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

  const csvImports = [
    {
      kind: "nav",
      description: "import daily NAV from a CSV (header date,nav; UTF-8 or GB18030); any bad line stores nothing, known dates are skipped",
      importer: "importNavCsv",
    },
    {
      kind: "fills",
      description: "import fills from a CSV (header date,time,code,name,side,quantity,price; side 买入/卖出/buy/sell); any bad line stores nothing",
      importer: "importFillsCsv",
    },
  ] as const;
  for (const { kind, description, importer } of csvImports) {
    program
      .command(`strategy:import-${kind}`)
      .description(description)
      .argument("<guid>", "the strategy's guid", guidArg)
      .argument("<file>", "the CSV file")
      .action(async (guid: string, file: string) => {
        const bytes = readInputFile(file);
        await withDatabase(true, async () => {
          const csvImport = await import("@/lib/server/quant/csv-import");
          await report(kind, () => csvImport[importer](OPERATOR, guid, bytes));
        });
      });
  }
}
