import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseUserInfo } from "@/lib/domain/user-info";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser, findUserById } from "@/lib/server/members/users";
import { postJson, type Sender } from "../../request.test-support";
import { POST } from "./route";

process.env.LOG_LEVEL = "silent";

const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/user/profile", body, sender));

describeOnEachEngine("POST /api/user/profile", () => {
  it("changes the nickname and rewrites the userinfo cookie to end with the session", async () => {
    const user = await createUser({ email: "route-nick@example.com" });
    const session = await createSession(user.id);
    const res = await post({ nickname: "  打板小王子 " }, { token: session.token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ message: "昵称已更新", userInfo: { nickName: "打板小王子", uguid: user.id } });
    const cookie = res.cookies.get("userinfo");
    expect(parseUserInfo(cookie?.value)).toEqual(body.userInfo);
    expect(cookie).toMatchObject({ path: "/", httpOnly: false, sameSite: "lax" });
    expect(new Date(cookie!.expires!).getTime()).toBe(session.expiresAt.getTime());
    expect(res.cookies.get("token")).toBeUndefined();
    expect((await findUserById(user.id))?.nickname).toBe("打板小王子");
  });

  it("refuses foreign origins, visitors and invalid names with Chinese messages and changes nothing", async () => {
    const user = await createUser({ email: "route-nick2@example.com", nickname: "原名" });
    const { token } = await createSession(user.id);
    const foreign = await post({ nickname: "黑客" }, { token, origin: "https://evil.example" });
    expect([foreign.status, await foreign.json()]).toEqual([403, { message: "请求来源无效" }]);
    const visitor = await post({ nickname: "游客" });
    expect([visitor.status, await visitor.json()]).toEqual([401, { message: "请先登录" }]);
    const forged = await post({ nickname: "伪造" }, { token: "forged" });
    expect(forged.status).toBe(401);
    for (const [payload, message] of [
      [{ nickname: "   " }, "请输入昵称"],
      [{ nickname: "长".repeat(33) }, "昵称最长 32 个字"],
      [{ nickname: "x".repeat(500) }, "昵称最长 32 个字"],
      [{}, "请输入昵称"],
      ["not an object", "请输入昵称"],
    ] as const) {
      const res = await post(payload, { token });
      expect([res.status, (await res.json()).message]).toEqual([400, message]);
      expect(res.cookies.get("userinfo")).toBeUndefined();
    }
    expect((await findUserById(user.id))?.nickname).toBe("原名");
  });
});
