import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles, cacheVersions } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { dataStamp } from "@/lib/domain/page-cache";
import type { UserInfo } from "@/lib/domain/user-info";
import { OPERATOR } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { createBlogPost, updateBlogPost } from "@/lib/server/blog/posts";
import { recordArticleView } from "@/lib/server/content/articles";
import { rememberStocks } from "@/lib/server/market/bars";
import { createUser } from "@/lib/server/members/users";
import { deleteStatement, importStatement, publishMasterStatement } from "@/lib/server/statements/import";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { deleteOwnStatement, saveOwnStatement, setOwnStatementVisibility } from "@/lib/server/statements/own";
import { ROUND_TRIP_CSV, roundTripBytes } from "@/lib/server/statements/round-trip-csv.test-support";

process.env.LOG_LEVEL = "silent";


async function versions(): Promise<Record<string, number>> {
  const rows = await (await db()).select().from(cacheVersions);
  return Object.fromEntries(rows.map((r) => [r.tag, Number(r.version)]));
}
async function pagesStamp(): Promise<string> {
  return dataStamp((await (await db()).select().from(cacheVersions)).map((r) => [r.tag, r.version] as const));
}

async function member(): Promise<Viewer> {
  const user = await createUser({ email: `versions-${randomUUID().slice(0, 8)}@example.com` });
  return { userId: user.id, role: "member", userInfo: { levelId: 0 } as UserInfo };
}

// Cached pages are thrown away when their data version moves (ADR 0065): it must move with what they show, and only
// with that (ADR 0071).
describeOnEachEngine("the page cache's data versions (migration 0019)", () => {
  it("do not move with a member's own statements: upload, publish, hide, delete", async () => {
    const viewer = await member();
    // A stock new to the site moves the version (a name any page may show); uploads of new codes are bounded by the
    // upload limits.
    await rememberStocks([{ code: "600519", exchange: "SH", name: "贵州茅台" }]);
    const before = await pagesStamp();
    const { statementId } = await saveOwnStatement(viewer, roundTripBytes(), "我的交割单.csv", false);
    for (let i = 0; i < 6; i++) await setOwnStatementVisibility(viewer, statementId, i % 2 === 0);
    await deleteOwnStatement(viewer, statementId);
    expect(await pagesStamp()).toBe(before);
  });

  it("move with a master's statement: imported as a draft, published, deleted", async () => {
    const { guid } = await createMaster(OPERATOR, { name: `版本大神${randomUUID().slice(0, 4)}` });
    let last = (await versions()).statements!;
    const moved = async () => {
      const now = (await versions()).statements!;
      const did = now > last;
      last = now;
      return did;
    };
    const { statementId } = await importStatement(OPERATOR, roundTripBytes(ROUND_TRIP_CSV.replaceAll("600519", "000858")), "draft.csv", { kind: "master", masterGuid: guid, isPublic: false });
    expect(await moved()).toBe(true);
    await publishMasterStatement(OPERATOR, statementId);
    expect(await moved()).toBe(true);
    await deleteStatement(OPERATOR, statementId);
    expect(await moved()).toBe(true);
  });

  it("do not move with a member's draft, nor with readings; move when a post is published, edited or withdrawn", async () => {
    const writer = await member();
    const start = (await versions()).articles!;
    const draft = await createBlogPost(writer, { title: "草稿", body: "还没写完", publish: false });
    await updateBlogPost(writer, draft.infoguid, { title: "草稿二", body: "还在写", publish: false });
    expect((await versions()).articles).toBe(start);

    await updateBlogPost(writer, draft.infoguid, { title: "发布了", body: "正文", publish: true });
    const published = (await versions()).articles!;
    expect(published).toBeGreaterThan(start);
    await recordArticleView(draft.infoguid, 5);
    await (await db()).update(articles).set({ likes: 3 }).where(eq(articles.infoguid, draft.infoguid));
    // Saving a published post unchanged rewrites nothing a page shows.
    await updateBlogPost(writer, draft.infoguid, { title: "发布了", body: "正文", publish: true });
    expect((await versions()).articles).toBe(published);

    const other = await member();
    const post = await createBlogPost(other, { title: "直接发布", body: "正文", publish: true });
    const live = (await versions()).articles!;
    await updateBlogPost(other, post.infoguid, { title: "改了标题", body: "正文", publish: true });
    const edited = (await versions()).articles!;
    expect(edited).toBeGreaterThan(live);
    await updateBlogPost(other, post.infoguid, { title: "改了标题", body: "正文", publish: false });
    expect((await versions()).articles).toBeGreaterThan(edited);
  });

  it("move with a new stock or a new name, not with an upload touching the stocks it names", async () => {
    await rememberStocks([{ code: "300750", exchange: "SZ", name: "宁德时代" }]);
    const named = (await versions()).statements!;
    await rememberStocks([{ code: "300750", exchange: "SZ", name: "宁德时代" }]);
    await rememberStocks([{ code: "300750", exchange: "SZ", name: "另一个名字" }]); // a statement's name does not rename a stock
    expect((await versions()).statements).toBe(named);
    await rememberStocks([{ code: "300750", exchange: "SZ", name: "宁德新名" }], { overwriteName: true });
    expect((await versions()).statements).toBeGreaterThan(named);
  });
});
