import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { readManifest } from "@/lib/domain/statements/bulk-manifest";
import { db } from "@/lib/db";
import { masterFigures, masters, statementFills, statements } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import { bulkImportStatements, type BulkFile } from "./bulk-import";
import { createMaster } from "./masters-admin";
import { closeStatementParser } from "./parser-pool";

process.env.LOG_LEVEL = "silent";
afterAll(() => closeStatementParser());

const FIXTURES = path.join(process.cwd(), "lib/domain/statements/fixtures");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const guojin = fixture("guojin.csv");
/** the header row alone: the reader accepts it, and the store refuses a statement with nothing in it */
const headerOnly = guojin.subarray(0, guojin.indexOf(10) + 1);

const file = (name: string, bytes: Uint8Array): BulkFile => ({ name, bytes: () => bytes });

async function mastersNamed(names: string[]) {
  return (await db()).select().from(masters).where(inArray(masters.name, names));
}

describeOnEachEngine("bulk import of masters' statements", () => {
  const folder = [
    file("a-ths.xls", fixture("ths.xls")),
    file("b-guojin.csv", guojin),
    file("c-broken.csv", new TextEncoder().encode("这不是交割单\n只是一段文字\n")),
    file("d-empty.csv", headerOnly),
  ];
  const manifest = readManifest("file,name,bio,styleTags,disclosureDelayDays\na-ths.xls,甲,短线,打板|短线,5\nc-broken.csv,丙,,,\n", folder.map((f) => f.name));

  it("imports the good files, reports the broken one and the empty one, and stores nothing of theirs (not even the master)", async () => {
    if (!manifest.ok) throw new Error("manifest");
    const seen: string[] = [];
    const summary = await bulkImportStatements(OPERATOR, folder, manifest.rows, { isPublic: true, onFile: (r, i, total) => seen.push(`${i + 1}/${total} ${r.file}`) });
    expect(seen).toEqual(["1/4 a-ths.xls", "2/4 b-guojin.csv", "3/4 c-broken.csv", "4/4 d-empty.csv"]);
    expect(summary).toMatchObject({ imported: 2, failed: 2 });
    const [a, b, c, d] = summary.results;
    expect(a).toMatchObject({ ok: true, masterName: "甲", masterCreated: true, format: "ths", fills: 8, events: 4, skipped: 1, duplicates: 0 });
    expect(b).toMatchObject({ ok: true, masterName: "b-guojin", masterCreated: true, format: "guojin" });
    expect(c).toMatchObject({ ok: false, masterName: "丙" });
    expect(c!.ok ? "" : c!.reason).toMatch(/交割单|表头/);
    expect(d).toMatchObject({ ok: false, masterName: "d-empty", reason: "文件中没有可导入的成交或资金记录" });
    expect(summary.fills).toBe((a!.ok ? a!.fills : 0) + (b!.ok ? b!.fills : 0));

    const database = await db();
    const created = await mastersNamed(["甲", "b-guojin", "丙", "d-empty"]);
    expect(created.map((m) => m.name).sort()).toEqual(["b-guojin", "甲"]);
    expect(created.find((m) => m.name === "甲")).toMatchObject({ bio: "短线", styleTags: ["打板", "短线"], disclosureDelayDays: 5 });
    const stored = await database.select().from(statements).where(inArray(statements.masterGuid, created.map((m) => m.guid)));
    expect(stored.map((s) => [s.fileName, s.isPublic]).sort()).toEqual([["a-ths.xls", true], ["b-guojin.csv", true]]);
    const fills = await database.select().from(statementFills).where(inArray(statementFills.statementId, stored.map((s) => s.id)));
    expect(fills.length).toBe(summary.fills);
    // the stored figures are written with the import, in its transaction
    const figures = await database.select().from(masterFigures).where(inArray(masterFigures.masterGuid, created.map((m) => m.guid)));
    expect(figures.length).toBe(2);
  }, 120_000);

  it("run again with a new file: the known files are duplicates of their masters, only the new file is added", async () => {
    if (!manifest.ok) throw new Error("manifest");
    const again = [...folder, file("e-huabao.csv", fixture("huabao.csv"))];
    const before = (await (await db()).select().from(masters)).length;
    const summary = await bulkImportStatements(OPERATOR, again, manifest.rows, { isPublic: false });
    expect(summary.results.map((r) => [r.file, r.ok, r.ok ? r.masterCreated : r.reason])).toEqual([
      ["a-ths.xls", false, "这个文件已经导入过了"],
      ["b-guojin.csv", false, "这个文件已经导入过了"],
      ["c-broken.csv", false, expect.any(String)],
      ["d-empty.csv", false, "文件中没有可导入的成交或资金记录"],
      ["e-huabao.csv", true, true],
    ]);
    expect((await (await db()).select().from(masters)).length).toBe(before + 1);
    const [jia] = await mastersNamed(["甲"]);
    expect(await (await db()).select().from(statements).where(eq(statements.masterGuid, jia!.guid))).toHaveLength(1);
    const [e] = await mastersNamed(["e-huabao"]);
    const [draft] = await (await db()).select().from(statements).where(eq(statements.masterGuid, e!.guid));
    expect(draft!.isPublic).toBe(false);
  }, 120_000);

  it("a name held by two masters is ambiguous: that file is refused, nothing created", async () => {
    await createMaster(OPERATOR, { name: "同名" });
    await createMaster(OPERATOR, { name: "同名" });
    const summary = await bulkImportStatements(OPERATOR, [file("同名.csv", fixture("huabao.csv"))], [], { isPublic: true });
    expect(summary.results[0]).toMatchObject({ ok: false, reason: "已有 2 位名为“同名”的大神，无法确定导入给哪一位：请在 masters.csv 中换一个名称" });
    expect(await mastersNamed(["同名"])).toHaveLength(2);
  }, 60_000);

  it("is for editors and administrators only", async () => {
    await expect(bulkImportStatements(null, folder, [], { isPublic: true })).rejects.toBeInstanceOf(RoleRefusedError);
  });
});
