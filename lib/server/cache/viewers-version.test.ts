import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles, cacheVersions, grants, users, viewerChanges } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { dataStamp, viewersVersion } from "@/lib/domain/page-cache";
import { forgetCachedPages, knownViewerLevel, pageCache, rememberViewerClass } from "@/lib/page-cache/store";
import { changeRole } from "@/lib/server/admin/roles";
import { OPERATOR } from "@/lib/server/auth/roles";
import { createSession, revokeSession } from "@/lib/server/auth/sessions";
import { grantDays } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import { refreshPageStamp } from "./page-stamp";

process.env.LOG_LEVEL = "silent";

async function stamps(): Promise<{ data: string; viewers: number | null }> {
  const rows = (await (await db()).select().from(cacheVersions)).map((row) => [row.tag, row.version] as const);
  return { data: dataStamp(rows), viewers: viewersVersion(rows) };
}

/** What this process learns of a member's session, as getViewer records it: under the version applied before. */
function learn(token: string, userId: string, levelId = 200) {
  rememberViewerClass(token, { levelId, userId, version: pageCache().viewerRead.version!, validUntil: Date.now() + 60_000 });
}

// ADR 0067: what the proxy knows of a session's access class holds only while the `viewers` version stands.
describeOnEachEngine("the viewers version (migration 0017)", () => {
  it("moves with grants, revoked sessions and role changes, from whoever writes them, and never with a login", async () => {
    const member = await createUser({ email: "viewers-version@example.com" });
    const start = await stamps();
    expect(start.viewers).not.toBeNull();

    const { token } = await createSession(member.id);
    expect((await stamps()).viewers).toBe(start.viewers);

    await grantDays({ userId: member.id, levelId: 200, days: 3, source: "admin", sourceKey: `viewers-version:${member.id}` });
    const granted = await stamps();
    expect(granted.viewers).not.toBe(start.viewers);

    // The same grant again (a retried webhook, a repeated command) changes nothing, and moves nothing.
    await grantDays({ userId: member.id, levelId: 200, days: 3, source: "admin", sourceKey: `viewers-version:${member.id}` });
    expect((await stamps()).viewers).toBe(granted.viewers);

    await revokeSession(token);
    const revoked = await stamps();
    expect(revoked.viewers).not.toBe(granted.viewers);
    // Nobody can empty the instances' knowledge of the classes by asking: a logout with a revoked or unknown token.
    await revokeSession(token);
    await revokeSession("no-such-session-token");
    expect((await stamps()).viewers).toBe(revoked.viewers);

    await changeRole(OPERATOR, member.id, "editor");
    const promoted = await stamps();
    expect(promoted.viewers).not.toBe(revoked.viewers);
    // A write that leaves the role as it was (a profile save touching the row) moves nothing.
    await (await db()).update(users).set({ role: "editor", updatedAt: new Date() }).where(eq(users.id, member.id));
    expect((await stamps()).viewers).toBe(promoted.viewers);

    // None of it is data the pages show: no cached page is thrown away.
    expect(promoted.data).toBe(start.data);
  });

  it("stands while the pages' data moves", async () => {
    const [article] = await (await db()).insert(articles).values({ type: "news", title: "原标题", status: "published", publishedAt: new Date() }).returning();
    const before = await stamps();
    await (await db()).update(articles).set({ title: "改过的标题" }).where(eq(articles.infoguid, article!.infoguid));
    const after = await stamps();
    expect(after.viewers).toBe(before.viewers);
    expect(after.data).not.toBe(before.data);
  });

  it("names the member each change is for, so an instance forgets that member's class and keeps everyone else's (ADR 0071)", async () => {
    forgetCachedPages();
    const [a, b] = [await createUser({ email: "viewers-a@example.com" }), await createUser({ email: "viewers-b@example.com" })];
    const [sessionA, sessionB] = [await createSession(a.id), await createSession(b.id)];
    await refreshPageStamp();
    learn(sessionA.token, a.id);
    learn(sessionB.token, b.id);
    expect([knownViewerLevel(sessionA.token), knownViewerLevel(sessionB.token)]).toEqual([200, 200]);

    const before = (await stamps()).viewers!;
    await revokeSession(sessionA.token);
    const changes = await (await db()).select().from(viewerChanges);
    expect(changes.filter((c) => c.version > before)).toEqual([{ version: before + 1, userId: a.id }]);
    await refreshPageStamp();
    expect(knownViewerLevel(sessionA.token)).toBeNull();
    expect(knownViewerLevel(sessionB.token)).toBe(200);

    // A grant and a role change of B end B's class; a record learnt while they were being read is dead on arrival.
    const stale = pageCache().viewerRead.version!;
    await grantDays({ userId: b.id, levelId: 100, days: 3, source: "admin", sourceKey: `viewers-b:${b.id}` });
    await refreshPageStamp();
    rememberViewerClass(sessionB.token, { levelId: 200, userId: b.id, version: stale, validUntil: Date.now() + 60_000 });
    expect(knownViewerLevel(sessionB.token)).toBeNull();
    learn(sessionB.token, b.id);
    expect(knownViewerLevel(sessionB.token)).toBe(200);
    await changeRole(OPERATOR, b.id, "editor");
    await refreshPageStamp();
    expect(knownViewerLevel(sessionB.token)).toBeNull();

    // Emptying a table changes everyone: every class ends.
    const c = await createUser({ email: "viewers-c@example.com" });
    const sessionC = await createSession(c.id);
    learn(sessionC.token, c.id);
    expect(knownViewerLevel(sessionC.token)).toBe(200);
    await (await db()).execute(sql`truncate ${grants} cascade`);
    await refreshPageStamp();
    expect(knownViewerLevel(sessionC.token)).toBeNull();

    // The table keeps the latest 10,000 changes; an instance further behind than that forgets every class.
    await (await db()).update(cacheVersions).set({ version: 50_000 }).where(eq(cacheVersions.tag, "viewers"));
    await revokeSession(sessionC.token);
    expect(await (await db()).select().from(viewerChanges)).toEqual([{ version: 50_001, userId: c.id }]);
    learn(sessionB.token, b.id);
    await refreshPageStamp();
    expect(knownViewerLevel(sessionB.token)).toBeNull();
    forgetCachedPages();
  });
});
