import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles, cacheVersions, users } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { dataStamp, viewersStamp } from "@/lib/domain/page-cache";
import { changeRole } from "@/lib/server/admin/roles";
import { OPERATOR } from "@/lib/server/auth/roles";
import { createSession, revokeSession } from "@/lib/server/auth/sessions";
import { grantDays } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";

process.env.LOG_LEVEL = "silent";

async function stamps(): Promise<{ data: string; viewers: string | null }> {
  const rows = (await (await db()).select().from(cacheVersions)).map((row) => [row.tag, row.version] as const);
  return { data: dataStamp(rows), viewers: viewersStamp(rows) };
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
});
