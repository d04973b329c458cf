import { AppError, rateLimited } from "@/lib/server/http/app-error";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { issueCode, verifyCode } from "@/lib/server/auth/codes";
import { loginWithPassword } from "@/lib/server/auth/login";
import { createSession } from "@/lib/server/auth/sessions";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { createUser } from "@/lib/server/members/users";
import { postJson, type Sender } from "../../request.test-support";
import { POST } from "./route";

jest.mock("@/lib/server/auth/codes", () => ({ issueCode: jest.fn(), verifyCode: jest.fn() }));
const mockedIssue = jest.mocked(issueCode);
const mockedVerify = jest.mocked(verifyCode);

process.env.LOG_LEVEL = "silent";

const post = (body: unknown, sender: Sender = {}) => POST(postJson("/api/auth/password-reset", body, { ip: "198.51.100.20", ...sender }));

beforeEach(() => jest.clearAllMocks());

describeOnEachEngine("POST /api/auth/password-reset", (engine) => {
  it("answers the same whether or not the account exists, or its message could not be sent", async () => {
    await createUser({ email: "reset-route@example.com", password: "forgotten-pw" });
    mockedIssue.mockResolvedValueOnce(undefined);
    const known = await post({ step: "send", account: "Reset-Route@example.com" });
    mockedIssue.mockResolvedValueOnce(undefined);
    const unknown = await post({ step: "send", account: "ghost@example.com" });
    mockedIssue.mockRejectedValueOnce(new AppError("unavailable", "短信服务不可用"));
    const unavailable = await post({ step: "send", account: "reset-route@example.com" });
    mockedIssue.mockRejectedValueOnce(new Error("SMTP connection refused"));
    const thrown = await post({ step: "send", account: "reset-route@example.com" });
    const answers = await Promise.all([known, unknown, unavailable, thrown].map(async (r) => [r.status, await r.json()]));
    for (const answer of answers) expect(answer).toEqual([200, { message: "如果该账号已注册，验证码已发送，请查收" }]);
    expect(mockedIssue).toHaveBeenNthCalledWith(1, { account: "reset-route@example.com", purpose: "reset", ip: "198.51.100.20" });

    mockedIssue.mockRejectedValueOnce(rateLimited("发送太频繁，请 30 秒后再试", 30));
    const limited = await post({ step: "send", account: "ghost@example.com" });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "30"]);
    const invalid = await post({ step: "send", account: "not an account" });
    expect([invalid.status, (await invalid.json()).message]).toEqual([400, "请输入正确的手机号或邮箱"]);
  });

  it("sets the new password after a right code, ends every session and logs nobody in", async () => {
    const user = await createUser({ email: "reset-route2@example.com", password: "forgotten-pw" });
    const elsewhere = await createSession(user.id);
    const here = await createSession(user.id);
    mockedVerify.mockResolvedValueOnce({ kind: "email", value: "reset-route2@example.com" });
    const res = await post({ step: "confirm", account: "reset-route2@example.com", code: "654321", newPassword: "brand-new-pw" }, { token: here.token });
    expect([res.status, await res.json()]).toEqual([200, { message: "密码已重置，请使用新密码登录" }]);
    expect(mockedVerify).toHaveBeenCalledWith({ account: "reset-route2@example.com", purpose: "reset", code: "654321" });
    expect(await viewerForToken(elsewhere.token)).toBeNull();
    expect(await viewerForToken(here.token)).toBeNull();
    // No session is created; this browser's cookies of the member are cleared.
    expect(res.cookies.get("token")?.value).toBe("");
    expect(res.cookies.get("userinfo")?.value).toBe("");
    await expect(loginWithPassword("reset-route2@example.com", "brand-new-pw", "")).resolves.toHaveProperty("session");
  });

  it("checks the new password before spending the code, and passes on wrong codes", async () => {
    await createUser({ email: "reset-route3@example.com", password: "forgotten-pw" });
    const weak = await post({ step: "confirm", account: "reset-route3@example.com", code: "654321", newPassword: "short" });
    expect([weak.status, (await weak.json()).message]).toEqual([400, "新密码至少 8 位"]);
    expect(mockedVerify).not.toHaveBeenCalled();

    mockedVerify.mockRejectedValueOnce(new AppError("invalid", "验证码错误，还可尝试 4 次"));
    const wrong = await post({ step: "confirm", account: "reset-route3@example.com", code: "000000", newPassword: "brand-new-pw" });
    expect([wrong.status, (await wrong.json()).message]).toEqual([400, "验证码错误，还可尝试 4 次"]);
    expect(wrong.cookies.get("token")).toBeUndefined();
    await expect(loginWithPassword("reset-route3@example.com", "forgotten-pw", "")).resolves.toHaveProperty("session");
    expect((await post({ step: "send", account: "a@example.com" }, { origin: "https://evil.example" })).status).toBe(403);
  });

  it("limits wrong codes per address", async () => {
    mockedVerify.mockRejectedValue(new AppError("invalid", "验证码错误"));
    // Limits live in this process: each engine's run guesses at its own address.
    const payload = { step: "confirm", account: engine === "pglite" ? "13800138998" : "13800138999", code: "111111", newPassword: "brand-new-pw" };
    for (let i = 0; i < 10; i++) expect((await post(payload, { ip: `192.0.2.${i}` })).status).toBe(400);
    const blocked = await post(payload, { ip: "192.0.2.200" });
    expect(blocked.status).toBe(429);
    expect(mockedVerify).toHaveBeenCalledTimes(10);
  });
});
