import { randomBytes } from "node:crypto";
import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, newDeviceToken } from "../lib/domain/device-cookie";
import { encryptPayload, FINGERPRINT_COOKIES, hashSignals } from "../lib/domain/fingerprint-payload";
import { latestCode } from "./outbox";

/**
 * Issue 20 point 4 (ADR 0027), against the running product. The audit's script registered invitees with fingerprint
 * cookies forged under the key every page carries, and 7 of 8 got SVIP. The reward now rests on the HttpOnly device
 * cookie the server signs on a page view: without a valid one the reward is held (待审核), never granted at once and
 * never refused silently.
 */

interface Answer {
  status: number;
  body: string;
  setCookies: string[];
}

/**
 * A request from a script, not a browser: plain HTTP from its own loopback address (127.0.0.x), as the audit's came
 * from addresses of their own, so the per-address burst rule plays no part.
 */
function script(baseURL: string, address: string) {
  const origin = new URL(baseURL);
  return (method: "GET" | "POST", path: string, cookies: Record<string, string>, body?: unknown): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const cookie = Object.entries(cookies).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
      const req = http.request(
        {
          host: "127.0.0.1", port: origin.port, path, method, localAddress: address,
          headers: { origin: origin.origin, ...(cookie ? { cookie } : {}), ...(payload ? { "content-type": "application/json" } : {}) },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, setCookies: res.headers["set-cookie"] ?? [] }));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
}

const cookieValue = (answer: Answer, name: string) => {
  const line = answer.setCookies.find((c) => c.startsWith(`${name}=`));
  return line ? decodeURIComponent(line.slice(name.length + 1, line.indexOf(";"))) : undefined;
};

/** Registers by code, as the login form does; the verify answer and the session token it set. */
async function registerByScript(call: ReturnType<typeof script>, email: string, cookies: Record<string, string>, invitationCode?: string) {
  expect((await call("POST", "/api/auth/code/send", cookies, { account: email })).status).toBe(200);
  const verified = await call("POST", "/api/auth/code/verify", cookies, { account: email, code: await latestCode(email), ...(invitationCode ? { invitationCode } : {}) });
  return { status: verified.status, body: JSON.parse(verified.body) as { registered: boolean; referral: string | null; userInfo: { invitationCode: string } }, token: cookieValue(verified, "token")! };
}

/** Fingerprint cookies of a device that does not exist, encrypted with the key and IV the page hands every visitor. */
function forgedFingerprint(n: number, keys: { key: string; iv: string }): Record<string, string> {
  const signals = { canvas: `forged-canvas-${n}`, webgl: `forged-gpu-${n}`, plugins: "pdf", fonts: "PingFang SC", audio: "124.04", webdriver: false };
  return {
    [FINGERPRINT_COOKIES.hash]: hashSignals(signals),
    [FINGERPRINT_COOKIES.encryptedData]: encryptPayload(signals, Math.floor(Date.now() / 1000) - 30, keys.key, keys.iv),
    [FINGERPRINT_COOKIES.isWebdriver]: "0",
  };
}

/** The fingerprint key and IV, read from a page as anyone can. */
async function publicFingerprintKeys(call: ReturnType<typeof script>) {
  const html = (await call("GET", "/", {})).body;
  const key = /fingerprintKey\\?"\s*:\s*\\?"([0-9a-f]{64})/.exec(html)?.[1];
  const iv = /fingerprintIv\\?"\s*:\s*\\?"([0-9a-f]{32})/.exec(html)?.[1];
  expect(key && iv).toBeTruthy();
  return { key: key!, iv: iv! };
}

async function asMember(page: Page, baseURL: string, token: string) {
  await page.context().addCookies([{ name: "token", value: token, url: baseURL }]);
}

test("a script without a browser registering 8 invitees gets no SVIP: all 8 rewards held, shown as 待审核", async ({ page, baseURL }) => {
  test.setTimeout(120_000); // 9 registrations, each reading its code through the CLI
  const setup = script(baseURL!, "127.0.0.40");
  const stamp = Date.now();
  const inviter = await registerByScript(setup, `audit-inviter-${stamp}@e2e.test`, {});
  const code = inviter.body.userInfo.invitationCode;
  const keys = await publicFingerprintKeys(setup);

  // What a script can put in the device cookie without the server's key.
  const issued = cookieValue(await setup("GET", "/", {}), DEVICE_COOKIE)!;
  expect(issued).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
  const [id, signature] = issued.split(".") as [string, string];
  const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
  const deviceCookies: (string | null)[] = [
    null,
    null,
    randomBytes(16).toString("base64url"),
    `${randomBytes(16).toString("base64url")}.${randomBytes(32).toString("base64url")}`,
    `${id}.${flip(signature, 7)}`,
    `${flip(id, 2)}.${signature}`,
    newDeviceToken(randomBytes(16), randomBytes(32)).token,
    newDeviceToken(randomBytes(16), Buffer.from(keys.key, "hex")).token,
  ];

  const invitees = [];
  for (const [n, device] of deviceCookies.entries()) {
    const call = script(baseURL!, `127.0.0.${41 + n}`);
    const cookies = { ...forgedFingerprint(n, keys), cfc_inv: code, ...(device ? { [DEVICE_COOKIE]: device } : {}) };
    const result = await registerByScript(call, `audit-invitee-${n}-${stamp}@e2e.test`, cookies, code);
    expect([result.status, result.body.registered, result.body.referral]).toEqual([200, true, "held"]);
    const info = JSON.parse((await call("GET", "/api/user/info", { token: result.token })).body) as { data: { levelCode: string } };
    expect(info.data.levelCode).toBe("free");
    invitees.push(result.token);
  }

  await asMember(page, baseURL!, inviter.token);
  await page.goto("/user/invitation");
  await expect(page.locator("main li")).toHaveCount(8);
  await expect(page.locator("main li").filter({ hasText: "待审核" })).toHaveCount(8);
  await page.goto("/user/notif");
  await expect(page.getByText("好友已注册，邀请奖励待审核", { exact: true })).toHaveCount(8);

  await page.context().clearCookies();
  await asMember(page, baseURL!, invitees[0]!);
  await page.goto("/user/notif");
  await expect(page.getByText("邀请奖励待审核", { exact: true })).toBeVisible();
});

test("a browser's first page view gets the signed HttpOnly cookie and its registration is granted at once; a second invitee from it is held", async ({ page, baseURL }) => {
  const stamp = Date.now();
  const inviter = await registerByScript(script(baseURL!, "127.0.0.60"), `browser-inviter-${stamp}@e2e.test`, {});
  const code = inviter.body.userInfo.invitationCode;

  await page.goto(`/login/${code}`);
  const device = (await page.context().cookies()).find((c) => c.name === DEVICE_COOKIE);
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false });
  expect((device!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(DEVICE_COOKIE_DAYS - 1);
  expect(await page.evaluate(() => document.cookie)).not.toContain(DEVICE_COOKIE);

  const registerInPage = async (email: string) => {
    const form = page.locator("main");
    await form.getByRole("tab", { name: "验证码登录" }).click();
    await form.getByPlaceholder("请输入手机号或邮箱").fill(email);
    await expect(form.getByPlaceholder("填写好友的邀请码，注册即得3天SVIP")).toHaveValue(code);
    await form.getByRole("button", { name: "获取验证码" }).click();
    await expect(form.getByText("验证码已发送，10 分钟内有效")).toBeVisible();
    await form.getByPlaceholder("6 位数字").fill(await latestCode(email));
    await form.getByRole("button", { name: "登录 / 注册" }).click();
    await expect(page).toHaveURL("/");
    return (await (await page.context().request.get("/api/user/info")).json()).data as { levelCode: string };
  };

  expect((await registerInPage(`browser-invitee-${stamp}@e2e.test`)).levelCode).toBe("svip");

  // The same browser again, as a script in it would: logged out, its fingerprint cookies rewritten to a new "device".
  await page.context().request.post("/api/auth/logout", { headers: { Origin: new URL(baseURL!).origin } });
  const keys = await publicFingerprintKeys(script(baseURL!, "127.0.0.61"));
  await page.context().addCookies(Object.entries(forgedFingerprint(1000 + (stamp % 1000), keys)).map(([name, value]) => ({ name, value: encodeURIComponent(value), url: baseURL! })));
  await page.goto(`/login/${code}`);
  expect((await page.context().cookies()).find((c) => c.name === DEVICE_COOKIE)?.value).toBe(device!.value);
  expect((await registerInPage(`browser-invitee-2-${stamp}@e2e.test`)).levelCode).toBe("free");
  await page.goto("/user/notif");
  await expect(page.getByText("邀请奖励待审核", { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await asMember(page, baseURL!, inviter.token);
  await page.goto("/user/invitation");
  await expect(page.locator("main li").filter({ hasText: "已发放 3 天 SVIP" })).toHaveCount(1);
  await expect(page.locator("main li").filter({ hasText: "待审核" })).toHaveCount(1);
});
