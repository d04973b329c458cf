import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { appMeta, users } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { loginWithPassword } from "./login";
import { refusalOf } from "@/lib/server/http/test-support";
import { adminExists, claimFirstAdmin, issueSetupToken, SETUP_MESSAGES, SETUP_TOKEN_HOURS, setupTokenState } from "./first-admin";
import { createUser } from "@/lib/server/members/users";

const HOUR = 3_600_000;

async function clearAdmins() {
  await (await db()).update(users).set({ role: "member" }).where(eq(users.role, "admin"));
  await (await db()).delete(appMeta);
}

describeOnEachEngine("the first administrator by setup token (ADR 0034)", () => {
  beforeEach(clearAdmins);

  it("a logged-in member spends the token once and becomes the administrator; the token is stored only hashed", async () => {
    const member = await createUser({ email: "first@example.com" });
    const issued = await issueSetupToken();
    expect(issued).not.toBeNull();
    const stored = await (await db()).select().from(appMeta);
    expect(stored.map((r) => r.key).join()).not.toContain(issued!.token);
    expect(issued!.expiresAt.getTime() - Date.now()).toBeGreaterThan((SETUP_TOKEN_HOURS - 1) * HOUR);
    expect(await setupTokenState(issued!.token)).toBe("usable");

    expect(await claimFirstAdmin(issued!.token, { userId: member.id })).toEqual({ userId: member.id, created: false });
    expect(await adminExists()).toBe(true);
    const [row] = await (await db()).select({ role: users.role }).from(users).where(eq(users.id, member.id));
    expect(row!.role).toBe("admin");

    const other = await createUser({ email: "second@example.com" });
    await expect(claimFirstAdmin(issued!.token, { userId: other.id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await setupTokenState(issued!.token)).toBe("admin-exists");
    expect(await issueSetupToken()).toBeNull();
  });

  it("a new account made on the page is an administrator that can log in with its password", async () => {
    const { token } = (await issueSetupToken())!;
    const result = await claimFirstAdmin(token, { email: "Boss@Example.com", password: "granite-orchard-17", nickname: "站长" });
    expect(result).toMatchObject({ created: true });
    await expect(loginWithPassword("boss@example.com", "granite-orchard-17", "jest")).resolves.toHaveProperty("session");
    expect(await adminExists()).toBe(true);
  });

  it("refuses a wrong, malformed or expired token without spending the right one", async () => {
    const member = await createUser({ email: "patient@example.com" });
    const now = new Date();
    const { token } = (await issueSetupToken(now))!;
    for (const wrong of ["", "x", token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), `${token} `]) {
      expect([wrong, await refusalOf(claimFirstAdmin(wrong, { userId: member.id }))]).toEqual([wrong, expect.objectContaining({ code: "forbidden", message: SETUP_MESSAGES.badToken })]);
    }
    const later = new Date(now.getTime() + (SETUP_TOKEN_HOURS + 1) * HOUR);
    expect(await setupTokenState(token, later)).toBe("bad-token");
    await expect(claimFirstAdmin(token, { userId: member.id }, later)).rejects.toMatchObject({ code: "forbidden" });
    expect(await adminExists()).toBe(false);
    await expect(claimFirstAdmin(token, { userId: member.id }, now)).resolves.toMatchObject({ created: false });
  });

  it("refuses once an administrator exists (made meanwhile by the CLI), and a second instance's token dies with the first", async () => {
    const a = (await issueSetupToken())!;
    const b = (await issueSetupToken())!;
    const member = await createUser({ email: "late@example.com" });
    await createUser({ email: "cli-admin@example.com", role: "admin" });
    // The appointment removed every token: the page says an administrator exists, the claim finds no token.
    expect(await setupTokenState(a.token)).toBe("admin-exists");
    await expect(claimFirstAdmin(a.token, { userId: member.id })).rejects.toMatchObject({ code: "forbidden", message: SETUP_MESSAGES.badToken });
    await clearAdmins();
    const c = (await issueSetupToken())!;
    const d = (await issueSetupToken())!;
    await expect(claimFirstAdmin(c.token, { userId: member.id })).resolves.toMatchObject({ created: false });
    await (await db()).update(users).set({ role: "member" }).where(eq(users.id, member.id));
    await expect(claimFirstAdmin(d.token, { userId: member.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(claimFirstAdmin(b.token, { userId: member.id })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("checks a new account like registration: the password rules, and an e-mail already taken", async () => {
    const { token } = (await issueSetupToken())!;
    await createUser({ email: "taken@example.com" });
    await expect(claimFirstAdmin(token, { email: "taken@example.com", password: "granite-orchard-17" })).rejects.toMatchObject({ code: "conflict", message: SETUP_MESSAGES.accountTaken });
    await expect(claimFirstAdmin(token, { email: "new@example.com", password: "short" })).rejects.toMatchObject({ code: "invalid" });
    await expect(claimFirstAdmin(token, { email: "new@example.com", password: "password123" })).rejects.toMatchObject({ code: "invalid" });
    await expect(claimFirstAdmin(token, { email: "not-an-email", password: "granite-orchard-17" })).rejects.toMatchObject({ code: "invalid" });
    expect(await setupTokenState(token)).toBe("usable");
  });

  it("ends for good with the first administrator, however made: a token issued before or beside it is never good again, even after a demotion", async () => {
    const member = await createUser({ email: "racer@example.com" });
    const before = (await issueSetupToken())!;
    // Another instance's token, written after the appointment (it read no administrator before it committed).
    const made = await createUser({ email: "psql-admin@example.com", role: "admin" });
    expect((await (await db()).select().from(appMeta)).map((r) => r.key)).toEqual(["admin_appointed_at"]);
    await (await db()).insert(appMeta).values({ key: `setup_token:${"x".repeat(43)}`, value: new Date(Date.now() + HOUR).toISOString() });
    // The only administrator demoted (on PostgreSQL as on PGlite): no administrator, and still no setup.
    await (await db()).update(users).set({ role: "member" }).where(eq(users.id, made.id));
    expect(await adminExists()).toBe(false);
    expect(await setupTokenState(before.token)).toBe("setup-ended");
    await expect(claimFirstAdmin(before.token, { userId: member.id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await issueSetupToken()).toBeNull();
    expect((await (await db()).select().from(appMeta)).map((r) => r.key)).toEqual(["admin_appointed_at"]);
    const [row] = await (await db()).select({ role: users.role }).from(users).where(eq(users.id, member.id));
    expect(row!.role).toBe("member");
  });

  it("a token written beside the appointment's record is refused with the reason, not spent into an administrator", async () => {
    const member = await createUser({ email: "late-claim@example.com" });
    const { token } = (await issueSetupToken())!;
    await (await db()).insert(appMeta).values({ key: "admin_appointed_at", value: new Date().toISOString() });
    expect(await setupTokenState(token)).toBe("setup-ended");
    await expect(claimFirstAdmin(token, { userId: member.id })).rejects.toMatchObject({ code: "conflict", message: SETUP_MESSAGES.setupEnded });
    expect(await adminExists()).toBe(false);
  });
});
