import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import sharp from "sharp";
import { latestCode } from "./outbox";

// A member of this file's own (registered by one login code, then given a password), so changing the nickname,
// avatar and password never disturbs the shared accounts other specs log in with.
interface Member {
  email: string;
  password: string;
}
let member: Promise<Member> | null = null;

function ownMember(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string): Promise<Member> {
  member ??= (async () => {
    const api = await playwright.request.newContext({ baseURL });
    const email = `account-${Date.now()}@e2e.test`;
    expect((await api.post("/api/auth/code/send", { data: { account: email } })).status()).toBe(200);
    const code = await latestCode(email);
    expect((await api.post("/api/auth/code/verify", { data: { account: email, code } })).status()).toBe(200);
    const password = "account-pass-1";
    const set = await api.post("/api/user/password", { data: { newPassword: password } });
    expect(set.status()).toBe(200);
    expect((await set.json()).message).toBe("密码已设置，其他设备上的登录已退出");
    await api.dispose();
    return { email, password };
  })();
  return member;
}

async function logInAs(request: APIRequestContext, who: Member): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { account: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  const token = /token=([^;]+)/.exec(res.headers()["set-cookie"] ?? "")?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function userInfoCookie(page: Page): Promise<Record<string, unknown>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "userinfo");
  return JSON.parse(decodeURIComponent(cookie!.value)) as Record<string, unknown>;
}

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("account pages", () => {
  test.describe.configure({ mode: "serial" });

  test("the nickname is changed in place, kept after a reload, and written to the userinfo cookie", async ({ page, playwright, baseURL }) => {
    const who = await ownMember(playwright, baseURL!);
    await logInAs(page.context().request, who);
    await page.goto("/user/account");
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);

    const main = page.locator("main");
    await main.getByRole("button", { name: "修改昵称" }).click();
    const input = main.getByRole("textbox", { name: "昵称" });
    await input.fill("长".repeat(33));
    await input.press("Enter");
    await expect(main.getByRole("alert")).toHaveText("昵称最长 32 个字");

    await input.fill("  短线练习生  ");
    await main.getByRole("button", { name: "保存" }).click();
    await expect(page.getByTestId("nickname")).toHaveText("短线练习生");
    expect((await userInfoCookie(page)).nickName).toBe("短线练习生");

    await page.reload();
    await expect(page.getByTestId("nickname")).toHaveText("短线练习生");
    const { data } = await (await page.context().request.get("/api/user/info")).json();
    expect(data.nickName).toBe("短线练习生");
  });

  test("a real photo becomes a 256×256 WebP avatar; text, SVG, huge images and files over 2 MB are refused in Chinese", async ({ page, playwright, baseURL }) => {
    const who = await ownMember(playwright, baseURL!);
    await logInAs(page.context().request, who);
    await page.goto("/user/account");
    const input = page.getByTestId("avatar-input");

    // A 900×600 JPEG, an orange field with a blue disc in the middle, stored sideways with EXIF orientation 6.
    const disc = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#f59e0b"/><circle cx="450" cy="300" r="200" fill="#1d4ed8"/></svg>`);
    const photo = await sharp(disc).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    await input.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
    const image = page.getByTestId("avatar-image");
    await expect(image).toHaveAttribute("src", /^\/api\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    const src = (await image.getAttribute("src"))!;
    expect((await userInfoCookie(page)).avatar).toBe(src);
    const served = await page.context().request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(await served.body()).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);
    await expect(image).toHaveJSProperty("naturalWidth", 256);
    await page.screenshot({ path: test.info().outputPath("account-fresh-avatar-375.png") });

    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#888" } }).png().toBuffer();
    await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: huge });
    await expect(page.getByTestId("avatar-feedback")).toHaveText("图片尺寸过大，长和宽都不能超过 4096 像素");
    await expect(image).toHaveAttribute("src", src);

    await input.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("I am only text, not a picture.") });
    await expect(page.getByTestId("avatar-feedback")).toHaveText("文件不是有效的图片，仅支持 JPEG、PNG、WebP 格式");
    await expect(image).toHaveAttribute("src", src);

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    await input.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
    await expect(page.getByTestId("avatar-feedback")).toHaveText("头像图片不能超过 2 MB");
    // The server refuses it too when the browser's check is skipped.
    const direct = await page.context().request.post("/api/user/avatar", {
      multipart: { file: { name: "big.png", mimeType: "image/png", buffer: big } },
    });
    expect(direct.status()).toBe(413);
    expect((await direct.json()).message).toBe("头像图片不能超过 2 MB");
    const fake = await page.context().request.post("/api/user/avatar", {
      multipart: { file: { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") } },
    });
    expect(fake.status()).toBe(415);
    const svg = await page.context().request.post("/api/user/avatar", {
      multipart: { file: { name: "me.png", mimeType: "image/png", buffer: disc } },
    });
    expect([svg.status(), (await svg.json()).message]).toEqual([415, "文件不是有效的图片，仅支持 JPEG、PNG、WebP 格式"]);

    for (const name of ["..%2F..%2Fpglite.lock", "x.png", `${"a".repeat(32)}.svg`]) {
      expect((await page.context().request.get(`/api/uploads/avatars/${name}`)).status()).toBe(404);
    }
  });

  test("changing the password ends the other session and keeps this one", async ({ page, playwright, baseURL }) => {
    const who = await ownMember(playwright, baseURL!);
    await logInAs(page.context().request, who);
    const other = await playwright.request.newContext({ baseURL });
    const otherToken = await logInAs(other, who);
    expect((await other.get("/api/user/info")).status()).toBe(200);

    await page.goto("/user/password");
    await expect(page.getByRole("heading", { name: "修改密码" })).toBeVisible();
    const form = page.getByRole("form", { name: "修改密码" });
    await form.getByLabel("当前密码").fill("not-the-password");
    await form.getByLabel("新密码", { exact: true }).fill("account-pass-2");
    await form.getByLabel("确认新密码").fill("account-pass-2");
    await form.getByLabel("确认新密码").press("Enter");
    await expect(form.getByRole("alert")).toHaveText("当前密码不正确");

    await form.getByLabel("当前密码").fill(who.password);
    await form.getByRole("button", { name: "修改密码" }).click();
    await expect(form.getByTestId("password-feedback")).toHaveText("密码已修改，其他设备上的登录已退出");
    who.password = "account-pass-2";

    expect((await other.get("/api/user/info")).status()).toBe(401);
    expect((await other.get("/api/user/info", { headers: { Authorization: `Bearer ${otherToken}` } })).status()).toBe(401);
    expect((await page.context().request.get("/api/user/info")).status()).toBe(200);
    const fresh = await playwright.request.newContext({ baseURL });
    expect((await fresh.post("/api/auth/login", { data: { account: who.email, password: "account-pass-1" } })).status()).toBe(401);
    await logInAs(fresh, who);
    await fresh.dispose();
    await other.dispose();
  });
});

test("a visitor at /user/password gets the reset-by-code form", async ({ page }) => {
  const res = await page.goto("/user/password");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/^登录密码/);
  await expect(page.getByRole("heading", { name: "重置密码" })).toBeVisible();
  const form = page.getByRole("form", { name: "重置密码" });
  await expect(form.getByRole("textbox", { name: "手机号或邮箱" })).toBeVisible();
  await expect(form.getByRole("button", { name: "重置密码" })).toBeDisabled();
  await form.getByRole("button", { name: "获取验证码" }).click();
  await expect(form.getByRole("alert")).toHaveText("请输入手机号或邮箱");
  await form.getByRole("textbox", { name: "手机号或邮箱" }).fill("not-an-account");
  await form.getByRole("button", { name: "获取验证码" }).click();
  await expect(form.getByRole("alert")).toHaveText("请输入正确的手机号或邮箱");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
