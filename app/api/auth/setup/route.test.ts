import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { appMeta, users } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseUserInfo } from "@/lib/domain/user-info";
import { issueSetupToken, SETUP_MESSAGES } from "@/lib/server/auth/first-admin";
import { createSession } from "@/lib/server/auth/sessions";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { createUser, findUserById } from "@/lib/server/members/users";
import { postJson, type Sender } from "../../request.test-support";
import { POST } from "./route";

process.env.LOG_LEVEL = "silent";
let ip = 0;

/** Each request from its own address unless `sender.ip` says otherwise. */
const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/auth/setup", body, { ...sender, ip: sender.ip ?? `198.51.100.${++ip}` }));

async function reset() {
  await (await db()).update(users).set({ role: "member" }).where(eq(users.role, "admin"));
  await (await db()).delete(appMeta);
}

describeOnEachEngine("POST /api/auth/setup", (engine) => {
  beforeEach(reset);

  it("makes the logged-in member the administrator and refreshes their userinfo cookie; the token then opens nothing", async () => {
    const member = await createUser({ email: "setup-self@example.com" });
    const session = await createSession(member.id);
    const { token } = (await issueSetupToken())!;
    const res = await post({ token }, { token: session.token });
    expect([res.status, await res.json()]).toEqual([200, { redirectTo: "/admin", message: "你已成为管理员" }]);
    expect(parseUserInfo(res.cookies.get("userinfo")?.value)?.uguid).toBe(member.id);
    expect((await viewerForToken(session.token))?.role).toBe("admin");

    const other = await createSession((await createUser({ email: "setup-late@example.com" })).id);
    const again = await post({ token }, { token: other.token });
    expect(again.status).toBe(403);
    expect((await viewerForToken(other.token))?.role).toBe("member");
  });

  it("makes a new administrator account and logs it in", async () => {
    const { token } = (await issueSetupToken())!;
    const res = await post({ token, account: { email: "setup-new@example.com", password: "harbor-lantern-58", nickname: "站长" } });
    expect(res.status).toBe(200);
    const session = res.cookies.get("token")?.value;
    const viewer = await viewerForToken(session);
    expect(viewer).toMatchObject({ role: "admin", userInfo: { nickName: "站长", email: "setup-new@example.com" } });
    expect((await findUserById(viewer!.userId))?.role).toBe("admin");
  });

  it("refuses a foreign origin, a visitor without an account, a wrong token, and answers in Chinese", async () => {
    const { token } = (await issueSetupToken())!;
    expect([(await post({ token }, { origin: "https://evil.example" })).status]).toEqual([403]);
    const visitor = await post({ token });
    expect([visitor.status, (await visitor.json()).message]).toEqual([401, "请先登录，或在本页创建新的管理员账号"]);
    const wrong = await post({ token: "A".repeat(43), account: { email: "x@example.com", password: "harbor-lantern-58" } });
    expect([wrong.status, (await wrong.json()).message]).toEqual([403, SETUP_MESSAGES.badToken]);
    const empty = await post({});
    expect([empty.status, (await empty.json()).message]).toEqual([400, "请填写设置令牌"]);
  });

  it("limits one address to ten tries in ten minutes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post({ token: "B".repeat(43) }, { ip: `203.0.113.${engine === "pglite" ? 98 : 99}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
