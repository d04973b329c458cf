import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { AppError } from "@/lib/server/http/app-error";
import { refusalOf } from "@/lib/server/http/test-support";
import { readOutbox } from "@/lib/server/messaging/outbox";
import { createUser } from "@/lib/server/members/users";
import { consumeLoginLink, issueCode, verifyCode } from "./codes";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-codes-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let ipCounter = 0;
const ip = () => `192.0.2.${++ipCounter}`;
const latestCode = (to: string) => readOutbox(dataDir, { to, limit: 1 })[0];

describeOnEachEngine("one-time codes", (engine) => {
  const addr = (name: string) => `${name}-${engine}@example.com`;

  it("sends a 6-digit code with a one-click link, accepts it once", async () => {
    await expect(issueCode({ account: addr("a"), purpose: "login", ip: ip() })).resolves.toBeUndefined();
    const message = latestCode(addr("a"))!;
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code!);
    expect(message.text).toMatch(/\/auth\?token=[\w-]+/);
    expect(await verifyCode({ account: addr("a").toUpperCase(), purpose: "login", code: message.code! })).toEqual({ kind: "email", value: addr("a") });
    await expect(verifyCode({ account: addr("a"), purpose: "login", code: message.code! })).rejects.toMatchObject({ code: "invalid", message: "验证码已失效，请重新获取" });
  });

  it("ends a code at the fifth wrong try", async () => {
    await issueCode({ account: addr("b"), purpose: "login", ip: ip() });
    const { code } = latestCode(addr("b"))!;
    const wrong = code === "000000" ? "111111" : "000000";
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push(await refusalOf(verifyCode({ account: addr("b"), purpose: "login", code: wrong })));
    expect(messages[0]!.message).toBe("验证码错误，还可尝试 4 次");
    expect(messages[4]!.message).toBe("验证码错误次数过多，请重新获取");
    await expect(verifyCode({ account: addr("b"), purpose: "login", code: code! })).rejects.toBeInstanceOf(AppError);
  });

  it("counts parallel wrong tries before comparing: of twenty sent at once, at most five are compared", async () => {
    await issueCode({ account: addr("parallel"), purpose: "login", ip: ip() });
    const { code } = latestCode(addr("parallel"))!;
    const wrong = code === "000000" ? "111111" : "000000";
    const refusals = await Promise.all(Array.from({ length: 20 }, () => refusalOf(verifyCode({ account: addr("parallel"), purpose: "login", code: wrong }))));
    const compared = refusals.filter((r) => r.message.startsWith("验证码错误"));
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(refusals.filter((r) => r.message === "验证码已失效，请重新获取").length).toBeGreaterThanOrEqual(15);
    await expect(verifyCode({ account: addr("parallel"), purpose: "login", code: code! })).rejects.toBeInstanceOf(AppError);
  });

  it("limits sending to one a minute per address", async () => {
    await expect(issueCode({ account: addr("c"), purpose: "login", ip: ip() })).resolves.toBeUndefined();
    const again = await refusalOf(issueCode({ account: addr("c"), purpose: "login", ip: ip() }));
    expect(again.status).toBe(429);
    expect(Number(again.headers?.["Retry-After"])).toBeGreaterThan(0);
  });

  it("answers a reset for an unknown account like any other, sending nothing", async () => {
    await expect(issueCode({ account: addr("ghost"), purpose: "reset", ip: ip() })).resolves.toBeUndefined();
    expect(latestCode(addr("ghost"))).toBeUndefined();
    await createUser({ email: addr("known") });
    await expect(issueCode({ account: addr("known"), purpose: "reset", ip: ip() })).resolves.toBeUndefined();
    expect(latestCode(addr("known"))?.text).toContain("重置密码");
  });

  it("answers a wrong reset code alike for an unknown and a known account, and no code matches the unknown one's", async () => {
    await createUser({ email: addr("known2") });
    await issueCode({ account: addr("known2"), purpose: "reset", ip: ip() });
    await issueCode({ account: addr("ghost2"), purpose: "reset", ip: ip() });
    const sent = latestCode(addr("known2"))!.code!;
    const wrong = sent === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const known = await refusalOf(verifyCode({ account: addr("known2"), purpose: "reset", code: wrong }));
      const ghost = await refusalOf(verifyCode({ account: addr("ghost2"), purpose: "reset", code: i === 0 ? sent : wrong }));
      expect([ghost.status, ghost.message]).toEqual([known.status, known.message]);
    }
  });

  it("sends a bind code to an address another member holds exactly as to a free one (ADR 0029)", async () => {
    await createUser({ email: addr("taken") });
    const other = await createUser({ email: addr("other") });
    await expect(issueCode({ account: addr("taken"), purpose: "bind", ip: ip(), userId: other.id })).resolves.toBeUndefined();
    expect(latestCode(addr("taken"))?.text).toContain("绑定账号");
    await expect(issueCode({ account: addr("free"), purpose: "bind", ip: ip(), userId: other.id })).resolves.toBeUndefined();
    const { code } = latestCode(addr("free"))!;
    await expect(verifyCode({ account: addr("free"), purpose: "bind", code: code!, userId: "00000000-0000-4000-8000-000000000000" })).rejects.toBeInstanceOf(AppError);
  });

  it("the one-click link works once", async () => {
    await issueCode({ account: addr("d"), purpose: "login", ip: ip() });
    const token = /token=([\w-]+)/.exec(latestCode(addr("d"))!.text)![1]!;
    expect(await consumeLoginLink(token)).toEqual({ kind: "email", value: addr("d") });
    expect(await consumeLoginLink(token)).toBeNull();
    expect(await consumeLoginLink("not-a-token-at-all-xxxxxxx")).toBeNull();
  });

  it("rejects malformed accounts and codes with a clear message", async () => {
    await expect(issueCode({ account: "not an account", purpose: "login", ip: ip() })).rejects.toMatchObject({ code: "invalid", message: "请输入正确的手机号或邮箱" });
    await expect(verifyCode({ account: addr("e"), purpose: "login", code: "12ab" })).rejects.toMatchObject({ code: "invalid", message: "请输入 6 位数字验证码" });
  });
});
