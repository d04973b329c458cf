import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { notifications } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { Viewer } from "@/lib/server/auth/viewer";
import { grantDays, membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser, type UserRow } from "@/lib/server/members/users";
import { createNotification } from "./create";
import { notifyExpiringGrants } from "./expiry";
import { markAllNotificationsRead, markNotificationsRead } from "./read";
import { listNotifications, unreadCount } from "./unread";

process.env.LOG_LEVEL = "silent";
const DAY = 86_400_000;

async function viewerOf(user: UserRow): Promise<Viewer> {
  return { userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) };
}

async function notificationsOf(userId: string) {
  return (await db()).select().from(notifications).where(eq(notifications.userId, userId));
}

let serial = 0;
const newMember = () => createUser({ email: `notif${++serial}@example.com` });

describeOnEachEngine("notifications: reading", () => {
  it("lists unread first and marks only the viewer's own notifications read", async () => {
    const alice = await newMember();
    const bob = await newMember();
    for (const title of ["一", "二", "三"]) {
      await createNotification({ userId: alice.id, kind: "system", title });
      await new Promise((r) => setTimeout(r, 5));
    }
    await createNotification({ userId: bob.id, kind: "system", title: "Bob 的消息" });
    const av = await viewerOf(alice);
    const bv = await viewerOf(bob);
    const [first] = (await notificationsOf(alice.id)).filter((n) => n.title === "一");
    const [bobs] = await notificationsOf(bob.id);

    // Bob cannot mark Alice's notification, even mixed with his own id.
    expect(await markNotificationsRead(bv, [first!.id])).toBe(0);
    expect(await unreadCount(av)).toBe(3);
    expect(await markNotificationsRead(bv, [first!.id, bobs!.id])).toBe(1);
    expect(await unreadCount(av)).toBe(3);
    expect(await unreadCount(bv)).toBe(0);

    // Alice marks one; a repeat changes nothing; the read one sorts last.
    expect(await markNotificationsRead(av, [first!.id, first!.id])).toBe(1);
    expect(await markNotificationsRead(av, [first!.id])).toBe(0);
    expect(await unreadCount(av)).toBe(2);
    const list = await listNotifications(av);
    expect(list.map((n) => n.title)).toEqual(["三", "二", "一"]);
    expect(list[2]!.readAt).toBeInstanceOf(Date);

    expect(await markNotificationsRead(av, [])).toBe(0);
    expect(await markAllNotificationsRead(av)).toBe(2);
    expect(await unreadCount(av)).toBe(0);
    // Read-all touches nobody else.
    await createNotification({ userId: bob.id, kind: "system", title: "又一条" });
    expect(await markAllNotificationsRead(av)).toBe(0);
    expect(await unreadCount(bv)).toBe(1);
  });
});

describeOnEachEngine("notifications: expiry reminders", () => {
  const now = new Date("2026-11-22T02:00:00Z"); // 10:00 in Shanghai

  it("tells a member once, three days before their run ends, with a link to /price", async () => {
    const member = await newMember();
    await grantDays({ userId: member.id, levelId: 200, days: 30, source: "admin", sourceKey: `t:${member.id}:1`, now: new Date(now.getTime() - 28 * DAY) });
    expect(await notifyExpiringGrants(now)).toBeGreaterThanOrEqual(1);
    expect(await notifyExpiringGrants(now)).toBe(0);
    expect(await notifyExpiringGrants(new Date(now.getTime() + 3_600_000))).toBe(0);
    const rows = await notificationsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "expiry",
      title: "你的 SVIP 将于 2026-11-24 到期",
      link: "/price",
      dedupeKey: `expiry:${member.id}:200:2026-11-24`,
      readAt: null,
    });
    expect(rows[0]!.body).toContain("普通会员");
  });

  it("does not warn early about a grant a chained grant continues, and warns at the end of the run", async () => {
    const member = await newMember();
    const start = new Date(now.getTime() - 29 * DAY);
    await grantDays({ userId: member.id, levelId: 100, days: 30, source: "purchase", sourceKey: `t:${member.id}:a`, now: start });
    await grantDays({ userId: member.id, levelId: 100, days: 30, source: "purchase", sourceKey: `t:${member.id}:b`, now: start });
    await notifyExpiringGrants(now);
    expect(await notificationsOf(member.id)).toHaveLength(0);
    const nearEnd = new Date(start.getTime() + 58 * DAY);
    await notifyExpiringGrants(nearEnd);
    const rows = await notificationsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toMatch(/^你的 VIP 将于 \d{4}-\d{2}-\d{2} 到期$/);
  });

  it("tells a member whose SVIP falls back to VIP, and stays silent about VIP under a longer SVIP", async () => {
    const falling = await newMember();
    await grantDays({ userId: falling.id, levelId: 100, days: 60, source: "admin", sourceKey: `t:${falling.id}:v`, now });
    await grantDays({ userId: falling.id, levelId: 200, days: 2, source: "referral", sourceKey: `t:${falling.id}:s`, now });
    const covered = await newMember();
    await grantDays({ userId: covered.id, levelId: 100, days: 2, source: "admin", sourceKey: `t:${covered.id}:v`, now });
    await grantDays({ userId: covered.id, levelId: 200, days: 60, source: "admin", sourceKey: `t:${covered.id}:s`, now });
    await notifyExpiringGrants(now);
    const rows = await notificationsOf(falling.id);
    expect(rows.map((r) => r.title)).toEqual(["你的 SVIP 将于 2026-11-24 到期"]);
    expect(rows[0]!.body).toContain("VIP");
    expect(await notificationsOf(covered.id)).toHaveLength(0);
  });

  it("a new run end after an administrator's change is told again; the scope limits the run to one member", async () => {
    const member = await newMember();
    const other = await newMember();
    await grantDays({ userId: member.id, levelId: 100, days: 2, source: "admin", sourceKey: `t:${member.id}:1`, now });
    await grantDays({ userId: other.id, levelId: 100, days: 2, source: "admin", sourceKey: `t:${other.id}:1`, now });
    expect(await notifyExpiringGrants(now, { userId: member.id })).toBe(1);
    expect(await notificationsOf(other.id)).toHaveLength(0);
    await grantDays({ userId: member.id, levelId: 100, days: 1, source: "admin", sourceKey: `t:${member.id}:2`, now });
    expect(await notifyExpiringGrants(now, { userId: member.id })).toBe(1);
    expect((await notificationsOf(member.id)).map((r) => r.title).sort()).toEqual([
      "你的 VIP 将于 2026-11-24 到期",
      "你的 VIP 将于 2026-11-25 到期",
    ]);
  });
});
