/**
 * Issue 20 point 4, the audit's attack: invitees registered by a script, each with fingerprint cookies forged under
 * the key every page carries, all looked like new devices and got SVIP. The referral decision now rests on the
 * HttpOnly device cookie the server signs on a page view (ADR 0027). Requests go through the real proxy and route
 * handlers; the pages the members see are rendered as the server renders them.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { NextRequest } from "next/server";
import { renderToStaticMarkup } from "react-dom/server";
import { config, reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { grants, referrals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { DEVICE_COOKIE } from "@/lib/domain/device-cookie";
import { encryptPayload, FINGERPRINT_COOKIES, hashSignals, type FingerprintSignals } from "@/lib/domain/fingerprint-payload";
import { INVITE_COOKIE } from "@/lib/domain/site";
import { requireViewer } from "@/lib/server/auth/gate";
import { membershipOf } from "@/lib/server/members/grants";
import { toUserInfo } from "@/lib/server/members/user-info";
import { createUser, findUserByAccount, type UserRow } from "@/lib/server/members/users";
import { readOutbox } from "@/lib/server/messaging/outbox";
import { newDeviceToken } from "@/lib/domain/device-cookie";
import InvitationPage from "@/app/(site)/user/invitation/page";
import NotifPage from "@/app/(site)/user/notif/page";
import { proxy } from "@/proxy";
import { POST as sendCode } from "./code/send/route";
import { POST as verifyCode } from "./code/verify/route";

jest.mock("@/lib/server/auth/gate", () => ({ requireViewer: jest.fn() }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh() {} }) }));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-referral-device-"));
const ENV = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", DEVICE_COOKIE_SECRET: "the-server-secret-nobody-outside-knows-0123" };
reloadConfigForTests(ENV);
afterAll(() => {
  reloadConfigForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let ipSeq = 0;
/** Every registration from its own address, as the audit's were: the per-address burst rule plays no part here. */
const freshIp = () => `192.0.2.${++ipSeq}`;

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");

/** Fingerprint cookies of a device that does not exist, made with the AES key and IV every page is given. */
function forgedFingerprint(n: number): Record<string, string> {
  const signals: FingerprintSignals = { canvas: `forged-canvas-${n}`, webgl: `forged-gpu-${n}`, plugins: "pdf", fonts: "PingFang SC", audio: "124.04", webdriver: false };
  const { fingerprintKey, fingerprintIv } = config();
  return {
    [FINGERPRINT_COOKIES.hash]: hashSignals(signals),
    [FINGERPRINT_COOKIES.encryptedData]: encryptPayload(signals, Math.floor(Date.now() / 1000) - 30, fingerprintKey, fingerprintIv),
    [FINGERPRINT_COOKIES.isWebdriver]: "0",
  };
}

/** A page view through the proxy; the device cookie it set, if any. */
function pageView(pathname: string, cookies: Record<string, string> = {}) {
  const res = proxy(new NextRequest(`${config().siteUrl}${pathname}`, { headers: { cookie: cookieHeader(cookies) } }));
  return { res, device: res.cookies.get(DEVICE_COOKIE) };
}

async function post(handler: (req: NextRequest) => Promise<Response>, route: string, body: unknown, cookies: Record<string, string>, ip: string) {
  const headers = { origin: new URL(config().siteUrl).origin, "content-type": "application/json", "x-lianghua-peer": ip, cookie: cookieHeader(cookies) };
  return handler(new NextRequest(`${config().siteUrl}${route}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

/** A code login with an invitation code, as the login form does it; the server's answer. */
async function register(email: string, invitationCode: string, cookies: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const ip = freshIp();
  expect((await post(sendCode, "/api/auth/code/send", { account: email }, cookies, ip)).status).toBe(200);
  const [message] = readOutbox(dataDir, { to: email, limit: 1 });
  const code = /\b(\d{6})\b/.exec(message!.text)![1];
  const res = await post(verifyCode, "/api/auth/code/verify", { account: email, code, invitationCode }, cookies, ip);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function render(page: () => Promise<React.ReactElement>, user: UserRow): Promise<string> {
  jest.mocked(requireViewer).mockResolvedValue({ userId: user.id, role: user.role, userInfo: toUserInfo(user, await membershipOf(user.id)) });
  return renderToStaticMarkup(await page());
}

const count = (html: string, text: string) => html.split(text).length - 1;

describeOnEachEngine("referral rewards rest on the server-signed device cookie (issue 20 point 4)", (engine) => {
  it("a script without a browser registering 8 invitees with forged fingerprints gets no SVIP: 8 rewards held as 待审核", async () => {
    const inviter = await createUser({ email: `audit-inviter-${engine}@example.com`, nickname: "审计邀请人" });
    // What a script can put in the device cookie without the server's key.
    const issued = pageView("/").device!.value;
    const [id, signature] = issued.split(".") as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    const otherKey = randomBytes(32);
    const deviceCookies: (string | null)[] = [
      null, // never loaded a page
      null,
      randomBytes(16).toString("base64url"), // an id without a signature
      `${randomBytes(16).toString("base64url")}.${randomBytes(32).toString("base64url")}`, // the right shape, a made-up signature
      `${id}.${flip(signature, 5)}`, // a real cookie with its signature altered
      `${flip(id, 3)}.${signature}`, // a real signature on another id
      newDeviceToken(randomBytes(16), otherKey).token, // signed, but not with this server's key
      newDeviceToken(randomBytes(16), Buffer.from("6c69616e676875612d666f722d646576656c6f706d656e742d6b65792d333221", "hex")).token, // the public AES key as the HMAC key
    ];

    const invitees: UserRow[] = [];
    for (const [n, device] of deviceCookies.entries()) {
      const cookies = { ...forgedFingerprint(n), [INVITE_COOKIE]: inviter.invitationCode, ...(device ? { [DEVICE_COOKIE]: device } : {}) };
      const email = `audit-invitee-${n}-${engine}@example.com`;
      const { status, body } = await register(email, inviter.invitationCode, cookies);
      expect([status, body.registered, body.referral]).toEqual([200, true, "held"]);
      invitees.push((await findUserByAccount(email))!);
    }

    const ids = invitees.map((u) => u.id);
    expect(await (await db()).select().from(grants).where(inArray(grants.userId, ids))).toEqual([]);
    for (const u of invitees) expect((await membershipOf(u.id)).level.levelCode).toBe("free");
    const rows = await (await db()).select().from(referrals).where(eq(referrals.inviterId, inviter.id));
    expect(rows.map((r) => [r.status, r.holdReason, r.deviceId])).toEqual(ids.map(() => ["held", "no-device", null]));

    // Not refused silently: the inviter's page lists all 8 as 待审核, each invitee and the inviter are told.
    const invitationPage = await render(InvitationPage, inviter);
    expect(count(invitationPage, "待审核")).toBe(8);
    expect(invitationPage).not.toContain("已发放");
    expect(count(await render(NotifPage, inviter), "标记已读：好友已注册，邀请奖励待审核")).toBe(8);
    for (const u of invitees) expect(await render(NotifPage, u)).toContain("邀请奖励待审核");
  }, 120_000);

  it("a real first page view sets the signed HttpOnly cookie, and registering with it grants SVIP at once", async () => {
    const inviter = await createUser({ email: `browser-inviter-${engine}@example.com` });
    const first = pageView(`/recs/${inviter.invitationCode}`, forgedFingerprint(100));
    expect(first.device).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", maxAge: 400 * 86_400 });
    expect(first.device?.secure).toBeFalsy(); // this site is http://localhost
    const setCookie = first.res.headers.get("set-cookie")!.split(/, (?=\w+=)/).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; Path=/; Expires=[^;]+; Max-Age=34560000; HttpOnly; SameSite=lax$`));

    const cookies = { [DEVICE_COOKIE]: first.device!.value, [INVITE_COOKIE]: inviter.invitationCode };
    // Later page views keep the id: no new cookie. Each browser without one gets its own.
    expect(pageView("/god", cookies).device).toBeUndefined();
    expect(new Set(Array.from({ length: 50 }, () => pageView("/").device!.value.split(".")[0])).size).toBe(50);

    const { status, body } = await register(`browser-invitee-${engine}@example.com`, inviter.invitationCode, cookies);
    expect([status, body.registered, body.referral]).toEqual([200, true, "granted"]);
    const invitee = (await findUserByAccount(`browser-invitee-${engine}@example.com`))!;
    expect((await membershipOf(invitee.id)).level.levelCode).toBe("svip");
    expect(await render(InvitationPage, inviter)).toContain("已发放 3 天 SVIP");
  }, 60_000);

  it("a second invitee from the same device is held (one reward per signed device), whatever fingerprint it forges", async () => {
    const inviter = await createUser({ email: `same-device-inviter-${engine}@example.com` });
    const device = pageView("/").device!.value;
    const first = await register(`same-device-1-${engine}@example.com`, inviter.invitationCode, { ...forgedFingerprint(200), [DEVICE_COOKIE]: device });
    const second = await register(`same-device-2-${engine}@example.com`, inviter.invitationCode, { ...forgedFingerprint(201), [DEVICE_COOKIE]: device });
    expect([first.body.referral, second.body.referral]).toEqual(["granted", "held"]);
    const [row] = await (await db()).select().from(referrals)
      .where(eq(referrals.inviteeId, (await findUserByAccount(`same-device-2-${engine}@example.com`))!.id));
    expect(row).toMatchObject({ status: "held", holdReason: "device" });
  }, 60_000);

  it("marks the device cookie Secure when the site is HTTPS", () => {
    reloadConfigForTests({ ...ENV, SITE_URL: "https://lianghua.example" });
    try {
      expect(pageView("/").device).toMatchObject({ secure: true, httpOnly: true, sameSite: "lax" });
    } finally {
      reloadConfigForTests(ENV);
    }
  });
});
