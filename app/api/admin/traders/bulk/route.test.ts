import { readFileSync } from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters, statements } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { closeStatementParser } from "@/lib/server/statements/parser-pool";
import { BULK_MAX_FILES, BULK_UPLOAD_LIMIT } from "@/lib/server/statements/upload";
import { postForm, sessionTokens, type Sender } from "../../../request.test-support";
import { POST } from "./route";

process.env.LOG_LEVEL = "silent";
afterAll(() => closeStatementParser());
const FIXTURES = path.join(process.cwd(), "lib/domain/statements/fixtures");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

type Part = { name: string; bytes: Uint8Array | string };

function post(files: Part[], fields: Record<string, string>, who: Sender = {}) {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([typeof f.bytes === "string" ? f.bytes : new Uint8Array(f.bytes)]), f.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return POST(postForm("/api/admin/traders/bulk", form, who));
}

const names = async (list: string[]) => (await (await db()).select().from(masters).where(inArray(masters.name, list))).map((m) => m.name).sort();

describeOnEachEngine("POST /api/admin/traders/bulk", () => {
  const tokens = sessionTokens("editor", "member");

  const good = [{ name: "路由甲.csv", bytes: fixture("guojin.csv") }];

  it("refuses foreign origins, visitors and members, and stores nothing", async () => {
    const answers = [
      await post(good, { public: "1" }, { token: tokens.editor, origin: "https://evil.example" }),
      await post(good, { public: "1" }),
      await post(good, { public: "1" }, { token: "forged" }),
      await post(good, { public: "1" }, { token: tokens.member }),
    ];
    expect(await Promise.all(answers.map(async (r) => [r.status, (await r.json()).message]))).toEqual([
      [403, "请求来源无效"], [401, "请先登录"], [401, "请先登录"], [403, "没有权限"],
    ]);
    expect(await names(["路由甲"])).toEqual([]);
  });

  it("refuses bodies over its limits before reading them, and bad forms in Chinese", async () => {
    const big = await post(good, {}, { token: tokens.editor, headers: { "content-length": String(BULK_UPLOAD_LIMIT + 1) } });
    expect([big.status, (await big.json()).message]).toEqual([413, "文件过大：一次最多上传 50 MB，请分批上传"]);
    const many = Array.from({ length: BULK_MAX_FILES + 1 }, (_, i) => ({ name: `f${i}.csv`, bytes: "x" }));
    const tooMany = await post(many, {}, { token: tokens.editor });
    expect([tooMany.status, (await tooMany.json()).message]).toEqual([413, "一次最多上传 100 个交割单，请分批上传"]);
    const twice = await post([...good, ...good], {}, { token: tokens.editor });
    expect([twice.status, (await twice.json()).message]).toEqual([400, "有两个文件都叫“路由甲.csv”，请改名后再上传"]);
    const none = await post([], { public: "1" }, { token: tokens.editor });
    expect([none.status, (await none.json()).message]).toEqual([400, "请选择要上传的交割单文件"]);
    const option = await post(good, { public: "yes" }, { token: tokens.editor });
    expect([option.status, (await option.json()).message]).toEqual([400, "公开选项无效"]);
    const manifest = await post([...good, { name: "masters.csv", bytes: "file,name\nmissing.csv,乙\n" }], {}, { token: tokens.editor });
    expect(manifest.status).toBe(400);
    expect(await manifest.json()).toEqual({
      message: "masters.csv 有误，未导入任何文件：masters.csv 第 2 行第 1 列（file）：找不到文件“missing.csv”",
      problems: ["masters.csv 第 2 行第 1 列（file）：找不到文件“missing.csv”"],
    });
    expect(await names(["路由甲", "乙"])).toEqual([]);
  });

  it("imports the good files with the manifest's names, lists the failures in Chinese, and stores nothing of theirs", async () => {
    const res = await post(
      [
        { name: "ths.xls", bytes: fixture("ths.xls") },
        { name: "masters.csv", bytes: "\ufefffile,name,bio,styleTags,disclosureDelayDays\nths.xls,路由丙,打板,打板,2\nbroken.csv,路由丁,,,\n" },
        { name: "broken.csv", bytes: "成交日期,乱七八糟\n没有,数据\n" },
        { name: "photo.csv", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) },
        ...good,
      ],
      { public: "1" },
      { token: tokens.editor },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ imported: 2, failed: 2, isPublic: true, message: expect.stringMatching(/^已导入 2 个文件，2 个未导入（\d+ 笔成交，已公开）$/) });
    expect(body.results.map((r: { file: string; ok: boolean }) => [r.file, r.ok])).toEqual([["broken.csv", false], ["photo.csv", false], ["ths.xls", true], ["路由甲.csv", true]]);
    expect(body.results[0]).toEqual({ file: "broken.csv", ok: false, masterName: "路由丁", reason: expect.stringMatching(/[\u4e00-\u9fff]/) });
    expect(body.results[1]).toEqual({ file: "photo.csv", ok: false, masterName: "photo", reason: "文件不是交割单：请上传交易软件导出的文本（.txt/.csv）或 Excel（.xlsx）文件" });
    expect(body.results[2]).toMatchObject({ masterName: "路由丙", masterCreated: true, fills: 8, events: 4, skipped: 1, duplicates: 0, masterGuid: expect.any(String) });
    expect(await names(["路由甲", "路由丙", "路由丁", "photo"])).toEqual(["路由丙", "路由甲"]);
    const stored = await (await db()).select().from(statements).where(inArray(statements.masterGuid, [body.results[2].masterGuid, body.results[3].masterGuid]));
    expect(stored.map((s) => s.isPublic)).toEqual([true, true]);

    // the same file again goes to the same master and is refused as a duplicate
    const again = await (await post(good, { public: "0" }, { token: tokens.editor })).json();
    expect(again.results).toEqual([{ file: "路由甲.csv", ok: false, masterName: "路由甲", reason: "这个文件已经导入过了" }]);
  }, 120_000);
});
