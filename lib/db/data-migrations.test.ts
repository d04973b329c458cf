import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { appMeta, articles, searchDocuments } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { renderMarkdown } from "@/lib/domain/markdown";
import { MORE_MARKER } from "@/lib/domain/paywall";
import { summaryFromHtml } from "@/lib/domain/summary";
import { DATA_MIGRATIONS, dataMigrationKey, runDataMigrations } from "./data-migrations";

const FREE = "免费导读：先看资金余额。";
const PAID = "付费正文：仓位按波动率倒数分配，止损线设在成本下方百分之五。";
const BODY = `${FREE}\n\n${MORE_MARKER}\n\n${PAID}`;
/** What articles got before issue 20 when they were saved without a summary. */
const OLD_AUTO = summaryFromHtml(renderMarkdown(BODY));
const KEY = dataMigrationKey("0009_free_summaries");

describeOnEachEngine("data migration 0009: summaries of gated articles from their lead-ins", () => {
  it("has run on a freshly migrated database (the SQL migration owes it, migrateDatabase pays it)", async () => {
    const [row] = await (await db()).select().from(appMeta).where(eq(appMeta.key, KEY));
    expect(row?.value).toBe("done (0 rows)");
  });

  it("remakes automatic summaries of gated articles once, keeps the rest, and drops their search documents", async () => {
    const database = await db();
    const rows = {
      autoSvip: { type: "case", title: "自动摘要", summary: OLD_AUTO, body: BODY, minLevel: 200 },
      autoBlog: { type: "blog", title: "付费博客", summary: OLD_AUTO, body: BODY, minLevel: 100 },
      autoDraft: { type: "case", title: "草稿", summary: OLD_AUTO, body: BODY, minLevel: 100, status: "draft" as const },
      editor: { type: "case", title: "编辑摘要", summary: "编辑写的摘要：讲清仓位与止损。", body: BODY, minLevel: 200 },
      editorQuoting: { type: "case", title: "编辑引用", summary: `编辑写的：${PAID.slice(0, 12)}`, body: BODY, minLevel: 100 },
      empty: { type: "case", title: "空摘要", summary: "", body: BODY, minLevel: 100 },
      public: { type: "case", title: "公开", summary: OLD_AUTO, body: BODY, minLevel: 0 },
    };
    const ids: Record<string, string> = {};
    for (const [key, row] of Object.entries(rows)) {
      const [inserted] = await database.insert(articles).values({ status: "published", publishedAt: new Date(), ...row }).returning({ infoguid: articles.infoguid });
      ids[key] = inserted!.infoguid;
      await database.insert(searchDocuments).values({ kind: "article", refId: inserted!.infoguid, title: row.title, body: row.summary, tokens: "", tsv: "", url: "/x", sourceHash: "h" });
    }
    await database.update(appMeta).set({ value: "pending" }).where(eq(appMeta.key, KEY));

    const lines: string[] = [];
    expect(await runDataMigrations(database, (line) => lines.push(line))).toEqual(["0009_free_summaries"]);
    const summaries = Object.fromEntries(
      (await database.select({ infoguid: articles.infoguid, summary: articles.summary }).from(articles)).map((r) => [r.infoguid, r.summary]),
    );
    expect(Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, summaries[id]]))).toEqual({
      autoSvip: FREE, autoBlog: FREE, autoDraft: FREE,
      editor: rows.editor.summary, editorQuoting: rows.editorQuoting.summary, empty: "", public: OLD_AUTO,
    });
    const indexed = new Set((await database.select({ refId: searchDocuments.refId }).from(searchDocuments)).map((r) => r.refId));
    expect(Object.keys(ids).filter((key) => !indexed.has(ids[key]!)).sort()).toEqual(["autoBlog", "autoDraft", "autoSvip"]);
    expect(lines).toEqual([
      `data migration 0009_free_summaries: 3 automatic summaries of gated articles made again from their lead-ins; ` +
        `1 editor-written summaries quote the paid part and were kept (review them in /admin/articles): ${ids.editorQuoting}`,
    ]);
    expect((await database.select().from(appMeta).where(eq(appMeta.key, KEY)))[0]?.value).toBe("done (3 rows)");

    // done is done: a second run (another start, another `cli db:migrate`) changes nothing
    await database.update(articles).set({ summary: OLD_AUTO }).where(eq(articles.infoguid, ids.autoSvip!));
    expect(await runDataMigrations(database, (line) => lines.push(line))).toEqual([]);
    expect((await database.select({ summary: articles.summary }).from(articles).where(eq(articles.infoguid, ids.autoSvip!)))[0]?.summary).toBe(OLD_AUTO);
  }, 60_000);

  it("leaves the job owed when it fails, so the next start tries again", async () => {
    const database = await db();
    await database.update(appMeta).set({ value: "pending" }).where(eq(appMeta.key, KEY));
    const jobs = DATA_MIGRATIONS as Record<string, (typeof DATA_MIGRATIONS)[string]>;
    const job = jobs["0009_free_summaries"]!;
    jobs["0009_free_summaries"] = async () => {
      throw new Error("disk full");
    };
    try {
      await expect(runDataMigrations(database, () => undefined)).rejects.toThrow("disk full");
    } finally {
      jobs["0009_free_summaries"] = job;
    }
    expect((await database.select().from(appMeta).where(eq(appMeta.key, KEY)))[0]?.value).toBe("pending");
    expect(await runDataMigrations(database, () => undefined)).toEqual(["0009_free_summaries"]);
  });
});
