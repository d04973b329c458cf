import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isBulkStatementFile } from "@/lib/domain/statements/bulk-manifest";
import { readStatement } from "@/lib/domain/statements/import";
import { db } from "@/lib/db";
import { masters, statements } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { closeStatementParser } from "@/lib/server/statements/parser-pool";
import { runCommand } from "./run-command.test-support";
import { registerStatementCommands } from "./statements";

process.env.LOG_LEVEL = "silent";
afterAll(() => closeStatementParser());

const FIXTURES = path.join(process.cwd(), "lib/domain/statements/fixtures");

function folder(files: Record<string, string | { fixture: string }>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bulk-cli-"));
  for (const [name, content] of Object.entries(files)) {
    if (typeof content === "string") writeFileSync(path.join(dir, name), content);
    else copyFileSync(path.join(FIXTURES, content.fixture), path.join(dir, name));
  }
  return dir;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const cli = (...args: string[]) => runCommand(registerStatementCommands, "import:statements", ...args);
const count = async () => ({ masters: (await (await db()).select().from(masters)).length, statements: (await (await db()).select().from(statements)).length });

describeOnEachEngine("cli import:statements", () => {
  it("imports a folder: a line per file, the summary, exit 1 for the broken file, which stores nothing", async () => {
    const dir = folder({
      "masters.csv": "\ufefffile,name,bio,styleTags,disclosureDelayDays\r\nths.xls,\"王, 五\",短线,打板、短线,3\r\n",
      "ths.xls": { fixture: "ths.xls" },
      "国金.csv": { fixture: "guojin.csv" },
      "broken.txt": "not a statement\n",
      ".hidden.csv": "ignored",
      "notes.md": "ignored",
    });
    dirs.push(dir);
    const before = await count();
    const { out, error } = await cli(dir, "--public");
    expect(error).toBe("1 of 3 files failed (nothing stored for them)");
    expect(out[0]).toMatch(/^FAIL {2}broken\.txt → broken: /);
    expect(out[1]).toMatch(/^ok {4}ths\.xls → 王, 五 \(new\): .+ \(ths\), 8 fills, 4 events, 1 skipped rows, 0 duplicate fills$/);
    expect(out[2]).toMatch(/^ok {4}国金\.csv → 国金 \(new\): .+ \(guojin\), \d+ fills, \d+ events, \d+ skipped rows, 0 duplicate fills$/);
    expect(out[3]).toMatch(/^2 imported, 1 failed, \d+ fills, \d+\.\d s \(published\)$/);
    expect(await count()).toEqual({ masters: before.masters + 2, statements: before.statements + 2 });

    // again: the same files are duplicates of their masters, nothing new
    const again = await cli(dir);
    expect(again.error).toBe("3 of 3 files failed (nothing stored for them)");
    expect(again.out.filter((l) => l.includes("这个文件已经导入过了"))).toHaveLength(2);
    expect(await count()).toEqual({ masters: before.masters + 2, statements: before.statements + 2 });
  }, 120_000);

  it("refuses a bad manifest with the line and column of every problem, before importing anything", async () => {
    const dir = folder({
      "masters.csv": "file,name,colour\na.csv,甲,red\n",
      "a.csv": { fixture: "guojin.csv" },
    });
    dirs.push(dir);
    const before = await count();
    const { error } = await cli(dir);
    expect(error).toBe("masters.csv is not valid, nothing imported:\nmasters.csv 第 1 行第 3 列（colour）：未知的列“colour”，可用的列：file, name, bio, styleTags, disclosureDelayDays");
    const other = folder({ "masters.csv": "file,disclosureDelayDays\nmissing.csv,5\na.csv,61\n", "a.csv": { fixture: "guojin.csv" } });
    dirs.push(other);
    expect((await cli(other)).error).toBe(
      "masters.csv is not valid, nothing imported:\nmasters.csv 第 2 行第 1 列（file）：找不到文件“missing.csv”\n" +
        "masters.csv 第 3 行第 2 列（disclosureDelayDays）：延迟公开天数须为 0–60 的整数（或留空），不是“61”",
    );
    expect(await count()).toEqual(before);
  }, 60_000);

  it("refuses a folder without statement files", async () => {
    const dir = folder({ "masters.csv": "file,name\n", "readme.md": "x" });
    dirs.push(dir);
    expect((await cli(dir)).error).toBe(`no statement files (.csv .txt .xls .xlsx) in ${dir}`);
  });
});

/**
 * The real broker exports of ../shared/real-statements (issue 21), bulk-imported in place — third-party data, never
 * copied into the repository: every file becomes a master named by its base name, with the fills the reader finds.
 */
const REAL = path.join(process.cwd(), "..", "shared", "real-statements", "files");
const realPresent = existsSync(REAL);
if (!realPresent) console.warn("!!! ../shared/real-statements absent: the bulk import of real exports is SKIPPED !!!");

(realPresent ? describeOnEachEngine : describe.skip)("cli import:statements on the real broker exports", () => {
  it("imports the folder as it is, one master per file, every fill the reader finds", async () => {
    const files = readdirSync(REAL).filter(isBulkStatementFile).sort();
    expect(files.length).toBeGreaterThanOrEqual(5);
    const { out, error } = await cli(REAL);
    expect(error).toBeNull();
    expect(out.at(-1)).toMatch(new RegExp(`^${files.length} imported, 0 failed, \\d+ fills`));
    files.forEach((file, i) => {
      const report = readStatement(new Uint8Array(readFileSync(path.join(REAL, file))), file);
      const base = file.replace(/\.[^.]+$/, "");
      expect(out[i]).toContain(`ok    ${file} → ${base} (new): ${report.formatLabel} (${report.format}), ${report.fills.length} fills, ${report.events.length} events, ${report.skipped.length} skipped rows`);
    });
    const stored = await (await db()).select().from(statements);
    expect(stored.filter((s) => files.includes(s.fileName)).map((s) => s.isPublic)).toEqual(files.map(() => false));
  }, 180_000);
});
