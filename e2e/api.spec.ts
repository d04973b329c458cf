import { expect, test } from "@playwright/test";
import { ACCOUNTS, logIn } from "./fixtures";

test("GET /api/health answers {db: ok} and nothing more", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ db: "ok" });
});

test("GET /api/user/info accepts the token as Bearer or query parameter", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const token = await logIn(api, "member");
  const fresh = await playwright.request.newContext({ baseURL });
  for (const res of [
    await fresh.get("/api/user/info", { headers: { Authorization: `Bearer ${token}` } }),
    await fresh.get(`/api/user/info?token=${encodeURIComponent(token)}`),
  ]) {
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("no-store");
    const { data } = await res.json();
    expect(data).toMatchObject({ nickName: ACCOUNTS.member.nickname, email: ACCOUNTS.member.email, mobile: ACCOUNTS.member.email, levelId: 0, levelCode: "free", levelName: "普通会员" });
    expect(Object.keys(data).sort()).toEqual(["avatar", "email", "invitationCode", "levelCode", "levelEndDate", "levelId", "levelName", "mobile", "nickName", "uguid"]);
  }
  const forged = await fresh.get("/api/user/info", { headers: { Authorization: "Bearer forged" } });
  expect(forged.status()).toBe(401);
  await api.dispose();
  await fresh.dispose();
});

test("an SVIP member's user info carries the level and its end date", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const token = await logIn(api, "svip");
  const { data } = await (await api.get(`/api/user/info?token=${token}`)).json();
  expect(data).toMatchObject({ levelId: 200, levelCode: "svip", levelName: "SVIP" });
  expect(data.levelEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await api.dispose();
});

test("POST /api/Logs/Insert stores a report without echoing it, refuses foreign origins and oversize bodies", async ({ request, baseURL }) => {
  const report = { Exception: "TypeError: x is undefined\n<script>", InnerException: "ScriptError", requestUrl: `${baseURL}/god` };
  const ok = await request.post("/api/Logs/Insert", { data: report, headers: { Origin: baseURL! } });
  expect(ok.status()).toBe(204);
  expect(await ok.text()).toBe("");
  expect((await request.post("/api/Logs/Insert", { data: report, headers: { Origin: "https://evil.example" } })).status()).toBe(403);
  expect((await request.post("/api/Logs/Insert", { data: report, headers: { Origin: "null" } })).status()).toBe(403);
  const big = { ...report, Exception: "x".repeat(17 * 1024) };
  expect((await request.post("/api/Logs/Insert", { data: big, headers: { Origin: baseURL! } })).status()).toBe(413);
  expect((await request.post("/api/Logs/Insert", { data: "not json", headers: { Origin: baseURL!, "Content-Type": "application/json" } })).status()).toBe(400);
});

test("the build manifest names the running build", async ({ request }) => {
  const latest = await request.get(`/builds/latest.json?t=${Date.now()}`);
  expect(latest.status()).toBe(200);
  const { id } = await latest.json();
  expect(id).toMatch(/^[\w-]+$/);
  const meta = await request.get(`/builds/meta/${id}.json`);
  expect(await meta.json()).toEqual({ id });
  expect((await request.get("/builds/meta/unknown.json")).status()).toBe(404);
});

test("the login endpoint refuses wrong passwords with one answer for every case", async ({ request }) => {
  const wrong = await request.post("/api/auth/login", { data: { account: ACCOUNTS.member.email, password: "nope-nope" } });
  const unknown = await request.post("/api/auth/login", { data: { account: "ghost@e2e.test", password: "nope-nope" } });
  expect(wrong.status()).toBe(401);
  expect(unknown.status()).toBe(401);
  expect(await wrong.json()).toEqual(await unknown.json());
});

test("wrong passwords are limited per account and address with Retry-After (P10: 5 in 15 minutes)", async ({ request }) => {
  const attempt = () => request.post("/api/auth/login", { data: { account: "locked-out@e2e.test", password: "wrong-guess" } });
  for (let i = 0; i < 5; i++) expect((await attempt()).status()).toBe(401);
  const blocked = await attempt();
  expect(blocked.status()).toBe(429);
  expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await blocked.json()).message).toMatch(/尝试次数过多/);
});
