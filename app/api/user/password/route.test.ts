import { describeOnEachEngine } from "@/lib/db/test-support";
import { loginWithPassword } from "@/lib/server/auth/login";
import { createSession } from "@/lib/server/auth/sessions";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { createUser } from "@/lib/server/members/users";
import { postJson, type Sender } from "../../request.test-support";
import { POST } from "./route";

process.env.LOG_LEVEL = "silent";

const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/user/password", body, { ip: "198.51.100.7", ...sender }));

describeOnEachEngine("POST /api/user/password", () => {
  it("changes the password with the current one; the other session stops working, this one goes on", async () => {
    await createUser({ email: "pw-route@example.com", password: "old-password" });
    const mine = await loginWithPassword("pw-route@example.com", "old-password", "phone");
    const other = await loginWithPassword("pw-route@example.com", "old-password", "laptop");
    const res = await post({ currentPassword: "old-password", newPassword: "new-password" }, { token: mine.session.token });
    expect([res.status, await res.json()]).toEqual([200, { message: "密码已修改，其他设备上的登录已退出" }]);
    expect(await viewerForToken(mine.session.token)).not.toBeNull();
    expect(await viewerForToken(other.session.token)).toBeNull();
    await expect(loginWithPassword("pw-route@example.com", "new-password", "")).resolves.toHaveProperty("session");
  });

  it("sets a first password for a member who has none", async () => {
    const user = await createUser({ mobile: "13800138300" });
    const { token } = await createSession(user.id);
    const res = await post({ newPassword: "first-password" }, { token });
    expect([res.status, (await res.json()).message]).toEqual([200, "密码已设置，其他设备上的登录已退出"]);
  });

  it("limits wrong current passwords per member, and refuses visitors and foreign origins", async () => {
    const user = await createUser({ email: "pw-route2@example.com", password: "real-password" });
    const { token } = await createSession(user.id);
    // Refusals that are not a wrong password cost nothing.
    expect((await post({ currentPassword: "real-password", newPassword: "short" }, { token })).status).toBe(400);
    for (let i = 0; i < 5; i++) {
      const res = await post({ currentPassword: `guess-${i}-xx`, newPassword: "new-password" }, { token, ip: `192.0.2.${i}` });
      expect([res.status, (await res.json()).message]).toEqual([400, "当前密码不正确"]);
    }
    const blocked = await post({ currentPassword: "real-password", newPassword: "new-password" }, { token });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/^尝试次数过多，请 \d+ 分钟后再试$/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    await expect(loginWithPassword("pw-route2@example.com", "real-password", "")).resolves.toHaveProperty("session");

    expect((await post({ newPassword: "new-password" })).status).toBe(401);
    expect((await post({ newPassword: "new-password" }, { token, origin: "https://evil.example" })).status).toBe(403);
    expect((await post("nonsense", { token })).status).toBe(400);
  });

  it("checks no more guesses sent together than the limit allows: each is counted before the password is checked", async () => {
    const user = await createUser({ email: "pw-route3@example.com", password: "real-password" });
    const { token } = await createSession(user.id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post({ currentPassword: `guess-${i}-xx`, newPassword: "new-password" }, { token, ip: `192.0.2.${i}` }).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 400)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(7);
  });
});
