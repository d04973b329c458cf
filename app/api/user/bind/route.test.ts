import { AppError, rateLimited } from "@/lib/server/http/app-error";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseUserInfo } from "@/lib/domain/user-info";
import { issueCode, verifyCode } from "@/lib/server/auth/codes";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser, findUserById } from "@/lib/server/members/users";
import { postJson, type Sender } from "../../request.test-support";
import { POST } from "./route";

jest.mock("@/lib/server/auth/codes", () => ({ issueCode: jest.fn(), verifyCode: jest.fn() }));
const mockedIssue = jest.mocked(issueCode);
const mockedVerify = jest.mocked(verifyCode);

process.env.LOG_LEVEL = "silent";

const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/user/bind", body, { ...sender, ip: "203.0.113.9" }));

beforeEach(() => jest.clearAllMocks());

describeOnEachEngine("POST /api/user/bind", () => {
  it("sends a bind code to the new address, then binds it when the code is right", async () => {
    const user = await createUser({ email: "bind-route@example.com" });
    const { token } = await createSession(user.id);
    mockedIssue.mockResolvedValueOnce(undefined);
    const sent = await post({ step: "send", kind: "mobile", account: "+86 139-0000-1111" }, { token });
    expect([sent.status, await sent.json()]).toEqual([200, { message: "验证码已发送到新手机号" }]);
    expect(mockedIssue).toHaveBeenCalledWith({ account: "13900001111", purpose: "bind", ip: "203.0.113.9", userId: user.id });

    mockedVerify.mockResolvedValueOnce({ kind: "mobile", value: "13900001111" });
    const done = await post({ step: "confirm", kind: "mobile", account: "13900001111", code: "123456" }, { token });
    expect(done.status).toBe(200);
    const body = await done.json();
    expect(body).toMatchObject({ message: "手机号已绑定", userInfo: { mobile: "13900001111", email: "bind-route@example.com" } });
    expect(mockedVerify).toHaveBeenCalledWith({ account: "13900001111", purpose: "bind", code: "123456", userId: user.id });
    expect(parseUserInfo(done.cookies.get("userinfo")?.value)?.mobile).toBe("13900001111");
    expect((await findUserById(user.id))?.mobile).toBe("13900001111");
  });

  it("passes on the code service's refusals and changes nothing on a wrong code", async () => {
    const user = await createUser({ email: "bind-route2@example.com" });
    const { token } = await createSession(user.id);
    mockedIssue.mockRejectedValueOnce(rateLimited("发送太频繁，请 42 秒后再试", 42));
    const limited = await post({ step: "send", kind: "email", account: "next@example.com" }, { token });
    expect([limited.status, limited.headers.get("retry-after"), (await limited.json()).message]).toEqual([429, "42", "发送太频繁，请 42 秒后再试"]);

    mockedVerify.mockRejectedValueOnce(new AppError("invalid", "验证码错误，还可尝试 4 次"));
    const wrong = await post({ step: "confirm", kind: "email", account: "next@example.com", code: "000000" }, { token });
    expect([wrong.status, (await wrong.json()).message]).toEqual([400, "验证码错误，还可尝试 4 次"]);
    expect(wrong.cookies.get("userinfo")).toBeUndefined();
    expect((await findUserById(user.id))?.email).toBe("bind-route2@example.com");
  });

  it("refuses addresses of the wrong kind, the member's own, and malformed codes before any code is sent", async () => {
    const user = await createUser({ email: "bind-route3@example.com" });
    await createUser({ email: "someone@example.com" });
    const { token } = await createSession(user.id);
    const cases: [unknown, number, string][] = [
      [{ step: "send", kind: "email", account: "13900001111" }, 400, "请输入正确的邮箱"],
      [{ step: "send", kind: "mobile", account: "12345" }, 400, "请输入正确的手机号"],
      [{ step: "send", kind: "email", account: "BIND-route3@example.com" }, 400, "该邮箱已绑定到你的账号"],
      [{ step: "confirm", kind: "email", account: "x@example.com", code: "12ab56" }, 400, "请输入 6 位数字验证码"],
      [{ step: "other" }, 400, "请输入要绑定的手机号或邮箱"],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(payload, { token });
      expect([res.status, (await res.json()).message]).toEqual([status, message]);
    }
    expect(mockedIssue).not.toHaveBeenCalled();
    expect(mockedVerify).not.toHaveBeenCalled();
    expect((await post({ step: "send", kind: "email", account: "a@example.com" }, { token, origin: "null" })).status).toBe(403);
    expect((await post({ step: "send", kind: "email", account: "a@example.com" })).status).toBe(401);
  });

  it("limits wrong codes per member", async () => {
    const user = await createUser({ email: "bind-route4@example.com" });
    const { token } = await createSession(user.id);
    mockedVerify.mockRejectedValue(new AppError("invalid", "验证码错误"));
    const payload = { step: "confirm", kind: "email", account: "guess@example.com", code: "111111" };
    for (let i = 0; i < 10; i++) expect((await post(payload, { token })).status).toBe(400);
    const blocked = await post(payload, { token });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(mockedVerify).toHaveBeenCalledTimes(10);
  });
});
