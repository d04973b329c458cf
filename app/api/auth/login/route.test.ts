import type { NextRequest, NextResponse } from "next/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { LOGIN_LIMITS } from "@/lib/domain/login-throttle";
import { readOutbox } from "@/lib/server/messaging/outbox";
import { holdLoginAnswer } from "@/lib/server/security/login-throttle";
import { createUser } from "@/lib/server/members/users";
import { postJson, temporaryDataDir } from "../../request.test-support";
import { POST as sendCode } from "../code/send/route";
import { POST as verifyCode } from "../code/verify/route";
import { POST } from "./route";

// The hold is recorded instead of slept, so the test can read the delays without waiting for them.
jest.mock("@/lib/server/security/login-throttle", () => ({
  ...jest.requireActual<typeof import("@/lib/server/security/login-throttle")>("@/lib/server/security/login-throttle"),
  holdLoginAnswer: jest.fn(async () => undefined),
}));
const held = jest.mocked(holdLoginAnswer);

const dataDir = temporaryDataDir("lianghua-login-");
process.env.LOG_LEVEL = "silent";

function post(handler: (req: NextRequest) => Promise<NextResponse>, route: string, body: unknown, ip: string) {
  return handler(postJson(`/api/${route}`, body, { ip }));
}
const login = (account: string, password: string, ip: string) => post(POST, "auth/login", { account, password }, ip);

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter % 250}`;

beforeEach(() => held.mockClear());

describeOnEachEngine("POST /api/auth/login: wrong passwords never lock the owner out of every network (P10)", (engine) => {
  it("refuses an attacker's address after 5 wrong passwords, while the owner logs in from another address", async () => {
    const email = `owner-${engine}@example.com`;
    await createUser({ email, password: "owner-secret-77" });
    const attacker = `198.51.100.${engine === "pglite" ? 1 : 2}`;
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.failures; i++) expect((await login(email, `guess-${i}-xx`, attacker)).status).toBe(401);
    const refused = await login(email, "owner-secret-77", attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(LOGIN_LIMITS.accountAddress.windowSec);
    expect((await refused.json()).message).toMatch(/^尝试次数过多，请 \d+ 分钟后再试$/);

    const owner = await login(` ${email.toUpperCase()} `, "owner-secret-77", freshIp());
    expect(owner.status).toBe(200);
    expect(owner.cookies.get("token")?.value).toBeTruthy();
    // Five failures from anywhere slow the account's next answer down by one second.
    expect(held.mock.calls.at(-1)).toEqual([1_000]);
  });

  it("slows an account down from every network with a growing, bounded delay, never a refusal; unknown accounts alike", async () => {
    const known = `spread-${engine}@example.com`;
    await createUser({ email: known, password: "owner-secret-77" });
    for (const account of [known, `nobody-${engine}@example.com`]) {
      held.mockClear();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await login(account, `guess-${i}-xx`, freshIp())).status);
      expect(statuses).toEqual(Array(12).fill(401));
      expect(held.mock.calls.map(([ms]) => ms)).toEqual([0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
    }
    held.mockClear();
    expect((await login(known, "owner-secret-77", freshIp())).status).toBe(200);
    expect(held.mock.calls).toEqual([[LOGIN_LIMITS.account.maxDelayMs]]);
  });

  it("leaves code login untouched: a member whose password is under attack logs in by code at once", async () => {
    const email = `by-code-${engine}@example.com`;
    await createUser({ email, password: "owner-secret-77" });
    const ip = `192.0.2.${engine === "pglite" ? 10 : 11}`;
    for (let i = 0; i < 12; i++) await login(email, `guess-${i}-xx`, i < 6 ? ip : freshIp());
    expect((await login(email, "owner-secret-77", ip)).status).toBe(429);
    held.mockClear();

    expect((await post(sendCode, "auth/code/send", { account: email }, ip)).status).toBe(200);
    const code = readOutbox(dataDir, { to: email, limit: 1 })[0]!.code!;
    const verified = await post(verifyCode, "auth/code/verify", { account: email, code }, ip);
    expect(verified.status).toBe(200);
    expect(verified.cookies.get("token")?.value).toBeTruthy();
    expect(held).not.toHaveBeenCalled();
  });

  it("refuses one address after 30 wrong passwords across accounts in an hour, not another", async () => {
    const ip = `198.51.100.${engine === "pglite" ? 50 : 51}`;
    for (let i = 0; i < LOGIN_LIMITS.address.failures; i++) {
      expect((await login(`spray-${engine}-${i % 10}@example.com`, "wrong-password", ip)).status).toBe(401);
    }
    const refused = await login(`spray-${engine}-fresh@example.com`, "wrong-password", ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(15 * 60);
    expect((await login(`spray-${engine}-fresh@example.com`, "wrong-password", freshIp())).status).toBe(401);
  });
});
