import type { NextRequest, NextResponse } from "next/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { LOGIN_LIMITS } from "@/lib/domain/login-throttle";
import { readOutbox } from "@/lib/server/messaging/outbox";
import { createUser } from "@/lib/server/members/users";
import { postJson, temporaryDataDir } from "../../request.test-support";
import { POST as sendCode } from "../code/send/route";
import { POST as verifyCode } from "../code/verify/route";
import { POST } from "./route";

const dataDir = temporaryDataDir("lianghua-login-");
process.env.LOG_LEVEL = "silent";

function post(handler: (req: NextRequest) => Promise<NextResponse>, route: string, body: unknown, ip: string) {
  return handler(postJson(`/api/${route}`, body, { ip }));
}
const login = (account: string, password: string, ip: string) => post(POST, "auth/login", { account, password }, ip);

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter % 250}`;

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

    const started = Date.now();
    const owner = await login(` ${email.toUpperCase()} `, "owner-secret-77", freshIp());
    expect(owner.status).toBe(200);
    expect(owner.cookies.get("token")?.value).toBeTruthy();
    // the owner's address has not failed the account: answered at once, not after a delay
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("spaces an account's tries from addresses that failed it, answering 429 at once; an address that has not failed is never spaced; unknown accounts alike", async () => {
    const known = `spread-${engine}@example.com`;
    await createUser({ email: known, password: "owner-secret-77" });
    for (const account of [known, `nobody-${engine}@example.com`]) {
      const returning = freshIp();
      expect((await login(account, "guess-first-xx", returning)).status).toBe(401);
      // eight more networks, one wrong password each: never spaced, each checked
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await login(account, `guess-${i}-xx`, freshIp())).status);
      expect(statuses).toEqual(Array(8).fill(401));
      // nine failures: the address that failed before is checked once more, then waits the longest spacing, told at once
      expect((await login(account, "guess-again-xx", returning)).status).toBe(401);
      const started = Date.now();
      const spaced = await login(account, "guess-once-more-xx", returning);
      expect(spaced.status).toBe(429);
      expect(Date.now() - started).toBeLessThan(5_000);
      const retryAfter = Number(spaced.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.account.maxDelayMs / 1000);
      expect((await spaced.json()).message).toMatch(/^尝试过于频繁，请 \d+ 秒后再试$/);
    }
    // the owner, from an address that has not failed: at once
    const started = Date.now();
    expect((await login(known, "owner-secret-77", freshIp())).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("never keeps the owner out: nine wrong passwords from two addresses, then the owner's right one from home", async () => {
    const email = `lockout-${engine}@example.com`;
    await createUser({ email, password: "owner-secret-77" });
    const attackers = [freshIp(), freshIp()];
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await login(email, `guess-${i}-xx`, attackers[i % 2]!)).status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    const home = await login(email, "owner-secret-77", freshIp());
    expect(home.status).toBe(200);
  });

  it("counts parallel guesses before checking them: of twenty sent together from one address, five are checked", async () => {
    const email = `parallel-${engine}@example.com`;
    await createUser({ email, password: "owner-secret-77" });
    const ip = `198.51.100.${engine === "pglite" ? 80 : 81}`;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `guess-${i}-xx`, ip)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.accountAddress.failures);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - LOGIN_LIMITS.accountAddress.failures);
    for (const refused of answers.filter((a) => a.status === 429)) expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(email, "owner-secret-77", freshIp())).status).toBe(200);
  });

  it("gives a right password's attempt back: an owner who logs in often is never refused", async () => {
    const email = `regular-${engine}@example.com`;
    await createUser({ email, password: "owner-secret-77" });
    const ip = `198.51.100.${engine === "pglite" ? 90 : 91}`;
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.failures + 3; i++) expect((await login(email, "owner-secret-77", ip)).status).toBe(200);
  });

  it("leaves code login untouched: a member whose password is under attack logs in by code at once", async () => {
    const email = `by-code-${engine}@example.com`;
    await createUser({ email, password: "owner-secret-77" });
    const ip = `192.0.2.${engine === "pglite" ? 10 : 11}`;
    for (let i = 0; i < 12; i++) await login(email, `guess-${i}-xx`, i < 6 ? ip : freshIp());
    expect((await login(email, "owner-secret-77", ip)).status).toBe(429);

    expect((await post(sendCode, "auth/code/send", { account: email }, ip)).status).toBe(200);
    const code = readOutbox(dataDir, { to: email, limit: 1 })[0]!.code!;
    const verified = await post(verifyCode, "auth/code/verify", { account: email, code }, ip);
    expect(verified.status).toBe(200);
    expect(verified.cookies.get("token")?.value).toBeTruthy();
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
