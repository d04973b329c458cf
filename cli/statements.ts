import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import cliProgress from "cli-progress";
import { readBarsCsv } from "@/lib/domain/market/bars-csv";
import { exchangeOf } from "@/lib/domain/market/codes";
import { MarketDataRejected } from "@/lib/domain/market/rejected";
import { readTdxDay } from "@/lib/domain/market/tdx-day";
import type { DailyBar } from "@/lib/domain/market/types";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import { toAnalysisJson } from "@/lib/domain/statements/dto";
import { byFileName, describeProblem, isBulkStatementFile, MANIFEST_FILE, readManifest, type ManifestRow } from "@/lib/domain/statements/bulk-manifest";
import { DEFAULT_IMPORT_LIMITS, StatementRejected } from "@/lib/domain/statements/types";
import { OPERATOR } from "@/lib/server/auth/roles";
import { formatAnalysisText } from "./analysis-text";
import { GUID, readInputFile } from "./input-file";
import { withDatabase } from "./with-database";

/** The statement files of a bulk import's folder and its manifest's rows; a bad manifest is refused with every problem. */
function readFolder(dir: string): { files: string[]; manifest: ManifestRow[] } {
  let entries: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new InvalidArgumentError(`${dir} is not a folder`);
    entries = readdirSync(dir);
  } catch (err) {
    if (err instanceof InvalidArgumentError) throw err;
    throw new InvalidArgumentError(`cannot read ${dir}: ${(err as Error).message}`);
  }
  const files = entries.filter((name) => isBulkStatementFile(name) && statSync(path.join(dir, name)).isFile()).sort(byFileName);
  if (files.length === 0) throw new InvalidArgumentError(`no statement files (.csv .txt .xls .xlsx) in ${dir}`);
  const manifestName = entries.find((name) => name.toLowerCase() === MANIFEST_FILE);
  if (!manifestName) return { files, manifest: [] };
  const read = readManifest(new Uint8Array(readFileSync(path.join(dir, manifestName))), files);
  if (!read.ok) throw new Error(`${MANIFEST_FILE} is not valid, nothing imported:\n${read.problems.map(describeProblem).join("\n")}`);
  return { files, manifest: read.rows };
}

/** A file of the folder; one over the reader's size limit is refused without reading it into memory. */
function readStatementFile(file: string): Uint8Array {
  const { maxBytes } = DEFAULT_IMPORT_LIMITS;
  if (statSync(file).size > maxBytes) {
    throw new StatementRejected("too_large", `文件过大：交割单最大 ${maxBytes / 1024 / 1024} MB，请按时间分段导出`, `${file} is larger than ${maxBytes} bytes`);
  }
  return new Uint8Array(readFileSync(file));
}

/** A rejected statement reads as "<precise detail> — <the member's message>" and exits 1 without storing anything. */
function explain(err: unknown): never {
  if (err instanceof StatementRejected) throw new Error(`${err.detail} — ${err.message}`);
  throw err;
}

function progressBar(label: string) {
  if (!process.stderr.isTTY) return null;
  return new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {percentage}% {value}/{total}`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
}

export function registerStatementCommands(program: Command): void {
  program
    .command("analyze")
    .description("read a broker statement (交割单) and print its format, rows not read, round trips, open positions, 港股通 apart, unknown openings and the summary; stores nothing")
    .argument("<file>", "CSV / TXT / XLS (text) / XLSX as exported by the broker")
    .option("--json", "print JSON: format, encoding, fills, events, skipped, roundTrips, summary, openPositions, hk (港股通), unknownOpenings, pendingAllotments, unreconciled, feeBasis")
    .action(async (file: string, opts: { json?: boolean }) => {
      const bytes = readInputFile(file);
      // read in a thread of the statement parser, with the server's time and memory limits (ADR 0026)
      const { statementParser } = await import("@/lib/server/statements/parser-pool");
      const report = await statementParser().read(bytes, path.basename(file)).catch(explain);
      const analysis = analyzeStatement(report);
      if (opts.json) console.log(JSON.stringify(toAnalysisJson(analysis, report), null, 2));
      else console.log(formatAnalysisText(path.basename(file), report, analysis));
    });

  program
    .command("import:statement")
    .description("import a master's statement into the database (one transaction; a rejected file stores nothing)")
    .argument("<file>", "the broker export")
    .option("--trader <guid>", "the master's guid")
    .option("--new-trader <name>", "create a master with this name first")
    .option("--public", "publish it into the master's book at once (otherwise it stays a draft for /admin/traders)")
    .action(async (file: string, opts: { trader?: string; newTrader?: string; public?: boolean }) => {
      // the flags keep the names the README and existing scripts use (ADR 0060); they name a master
      const { trader: masterGuid, newTrader: newMasterName } = opts;
      if (!!masterGuid === !!newMasterName) throw new InvalidArgumentError("give exactly one of --trader GUID or --new-trader NAME");
      if (masterGuid && !GUID.test(masterGuid)) throw new InvalidArgumentError(`--trader must be a guid, got "${masterGuid}"`);
      const name = newMasterName?.trim();
      if (newMasterName !== undefined && (!name || name.length > 40)) throw new InvalidArgumentError("--new-trader needs a name of 1–40 characters");
      const bytes = readInputFile(file);
      await withDatabase(true, async () => {
        const { createMaster } = await import("@/lib/server/statements/masters-admin");
        const { findMaster } = await import("@/lib/server/content/masters");
        const { importStatement } = await import("@/lib/server/statements/import");
        const guid = masterGuid ?? (await createMaster(OPERATOR, { name: name! })).guid;
        if (masterGuid && !(await findMaster(OPERATOR, masterGuid))) throw new InvalidArgumentError(`no master with guid ${masterGuid}`);
        const bar = progressBar("storing fills");
        let started = false;
        const outcome = await importStatement(OPERATOR, bytes, path.basename(file), { kind: "master", masterGuid: guid, isPublic: !!opts.public }, {
          onProgress: (stage, done, total) => {
            if (stage !== "store" || !bar) return;
            if (!started) bar.start(total, 0);
            started = true;
            bar.update(done);
          },
        }).catch(explain);
        bar?.stop();
        const r = outcome.report;
        console.log(`${r.formatLabel} (${r.format}, ${r.encoding}): ${r.fills.length - outcome.duplicates} fills, ${r.events.length} events, ${r.skipped.length} skipped rows${outcome.duplicates ? `, ${outcome.duplicates} duplicate fills left out` : ""}`);
        for (const s of r.skipped) console.log(`  line ${s.line}: ${s.reason}`);
        console.log(`master ${guid}, sha256 ${outcome.fileHash}, ${opts.public ? "published" : "draft (publish it in /admin/traders)"}`);
        console.log(outcome.statementId);
      });
    });

  program
    .command("import:statements")
    .description(
      `import every statement file of a folder (.csv .txt .xls .xlsx, sorted by name), one master per file, named by ${MANIFEST_FILE} ` +
        "(file,name,bio,styleTags,disclosureDelayDays) or by the file's base name; a master of that name gets the statement, " +
        "else one is created with it. A file that fails stores nothing (not even its master); exit 1 when any failed (ADR 0047)",
    )
    .argument("<dir>", "the folder")
    .option("--public", "publish every statement into its master's book at once (otherwise drafts for /admin/traders)")
    .action(async (dir: string, opts: { public?: boolean }) => {
      const { files, manifest } = readFolder(dir);
      await withDatabase(true, async () => {
        const { bulkImportStatements } = await import("@/lib/server/statements/bulk-import");
        const bar = progressBar("importing");
        bar?.start(files.length, 0);
        const summary = await bulkImportStatements(
          OPERATOR,
          files.map((name) => ({ name, bytes: () => readStatementFile(path.join(dir, name)) })),
          manifest,
          {
            isPublic: !!opts.public,
            onFile: (r) => {
              if (bar) process.stderr.write("\r\x1b[K");
              if (r.ok) {
                console.log(
                  `ok    ${r.file} → ${r.masterName}${r.masterCreated ? " (new)" : ""}: ${r.formatLabel} (${r.format}), ${r.fills} fills, ${r.events} events, ` +
                    `${r.skipped} skipped rows, ${r.duplicates} duplicate fills`,
                );
              } else {
                console.log(`FAIL  ${r.file} → ${r.masterName}: ${r.reason}${r.detail !== r.reason ? ` — ${r.detail}` : ""}`);
              }
              bar?.increment();
            },
          },
        );
        bar?.stop();
        console.log(
          `${summary.imported} imported, ${summary.failed} failed, ${summary.fills} fills, ${(summary.ms / 1000).toFixed(1)} s` +
            `${opts.public ? " (published)" : " (drafts: publish them in /admin/traders)"}`,
        );
        if (summary.failed > 0) throw new Error(`${summary.failed} of ${summary.results.length} files failed (nothing stored for them)`);
      });
    });

  program
    .command("import:bars")
    .description("import unadjusted daily bars: CSV (date,open,high,low,close,volume[,amount], volume in shares (股), amount in yuan (元); code from a column or the file name) or 通达信 .day")
    .argument("<files...>", "one or more files")
    .option("--name <name>", "the stock's name (for a single file)")
    .action(async (files: string[], opts: { name?: string }) => {
      const parsed: { file: string; bars: DailyBar[]; skipped: { line: number; reason: string }[] }[] = [];
      for (const file of files) {
        const bytes = readInputFile(file);
        try {
          const read = file.toLowerCase().endsWith(".day")
            ? readTdxDay(bytes, path.basename(file))
            : readBarsCsv(new TextDecoder("utf-8").decode(bytes), path.basename(file));
          parsed.push({ file, bars: read.bars, skipped: read.skipped });
        } catch (err) {
          if (err instanceof MarketDataRejected) throw new Error(`${file}: ${err.message}`);
          throw err;
        }
      }
      await withDatabase(true, async () => {
        const { upsertBars, rememberStocks } = await import("@/lib/server/market/bars");
        for (const { file, bars, skipped } of parsed) {
          const bar = progressBar(path.basename(file));
          bar?.start(bars.length, 0);
          await upsertBars(bars, { source: "import", onProgress: (done) => bar?.update(done) });
          bar?.stop();
          const codes = [...new Set(bars.map((b) => b.code))];
          if (opts.name && codes.length === 1) {
            await rememberStocks([{ code: codes[0]!, exchange: exchangeOf(codes[0]!), name: opts.name }], { overwriteName: true });
          }
          console.log(`${file}: ${bars.length} bars for ${codes.join(", ") || "no code"}${skipped.length ? `, ${skipped.length} rows skipped` : ""}`);
          for (const s of skipped) console.log(`  line ${s.line}: ${s.reason}`);
        }
        const { db } = await import("@/lib/db");
        const { reauditWhereBarsArrived } = await import("@/lib/server/statements/audit");
        const audited = await reauditWhereBarsArrived(await db());
        if (audited > 0) console.log(`${audited} statements checked again against the new bars (交割单体检)`);
      });
    });

  program
    .command("statement:audit")
    .description("交割单体检 of a master's published statements: each fill checked against the stored bars, the calendar and the rules (brought up to date first)")
    .argument("<master>", "the master's guid")
    .option("--json", "print JSON: {checkedFills, verifiedFills, unverifiable, failures: [{date, time, code, side, price, quantity, rule, message}]}")
    .action(async (guid: string, opts: { json?: boolean }) => {
      if (!GUID.test(guid)) throw new InvalidArgumentError(`not a master's guid: ${guid}`);
      await withDatabase(true, async () => {
        const { db } = await import("@/lib/db");
        const { bookAudit, reauditMaster } = await import("@/lib/server/statements/audit");
        const { masters } = await import("@/lib/db/schema");
        const { eq } = await import("drizzle-orm");
        const database = await db();
        const [master] = await database.select({ guid: masters.guid, name: masters.name }).from(masters).where(eq(masters.guid, guid)).limit(1);
        if (!master) throw new Error(`no master ${guid}`);
        await reauditMaster(database, guid);
        const audit = await bookAudit(database, { masterGuid: guid });
        if (opts.json) {
          const { checkedFills, verifiedFills, unverifiable, failures } = audit;
          console.log(JSON.stringify({ checkedFills, verifiedFills, unverifiable, failures: failures.map((f) => ({ date: f.date, time: f.time, code: f.code, side: f.side, price: f.price, quantity: f.quantity, rule: f.rule, message: f.message })) }, null, 2));
          return;
        }
        console.log(`${master.name}: ${audit.checkedFills} 笔成交中 ${audit.verifiedFills} 笔经行情核验，${audit.failedFills} 笔未通过，${audit.unverifiable} 笔无行情可核验`);
        for (const f of audit.failures) {
          console.log(`  ${f.date} ${f.time ?? "--:--:--"} ${f.code} ${f.name} ${f.side === "buy" ? "买入" : "卖出"} ${f.quantity} 股 @ ${f.price}  [${f.rule}] ${f.message}`);
        }
      });
    });
}
