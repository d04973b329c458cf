import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseAccount, type Account } from "@/lib/domain/account";
import { Nickname } from "@/lib/domain/account/schemas";
import { viewerForToken, type Viewer } from "@/lib/server/auth/viewer";
import { AvatarWebp } from "./avatar-image";
import { createSession } from "@/lib/server/auth/sessions";
import {
  accountProfileOf,
  AVATAR_BODY_LIMIT,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_WRONG_TYPE_MESSAGE,
  avatarDir,
  bindAccount,
  checkBindable,
  readAvatar,
  readAvatarUpload,
  saveAvatar,
  sniffImage,
  updateNickname,
} from "./profile";
import { readBodyWithLimit } from "@/lib/server/request-body";
import { createUser, findUserById } from "./users";

// config() is read lazily: point DATA_DIR at a throwaway folder before anything asks for it.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lianghua-profile-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const WEBP_HEAD = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8L"), Buffer.alloc(10)]);

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
  });
}

function multipart(bytes: Uint8Array, name = "avatar.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type }), name);
  const req = new Request("http://localhost/api/user/avatar", { method: "POST", body: form });
  return { contentType: req.headers.get("content-type"), contentLength: null, body: req.body };
}

describe("image sniffing and bounded reads (no database)", () => {
  it("recognises JPEG, PNG and WebP by their bytes only", () => {
    expect(sniffImage(PNG_1X1)).toEqual({ ext: "png", contentType: "image/png" });
    expect(sniffImage(JPEG_HEAD)).toEqual({ ext: "jpg", contentType: "image/jpeg" });
    expect(sniffImage(WEBP_HEAD)).toEqual({ ext: "webp", contentType: "image/webp" });
    expect(sniffImage(Buffer.from("just some text pretending to be a png"))).toBeNull();
    expect(sniffImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(Buffer.from("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(sniffImage(PNG_1X1.subarray(0, 8))).toBeNull(); // a bare signature without IHDR
    expect(sniffImage(new Uint8Array(0))).toBeNull();
  });

  it("reads a body up to the limit and gives up as soon as it is longer", async () => {
    const chunk = new Uint8Array(1000).fill(7);
    expect((await readBodyWithLimit(streamOf([chunk, chunk]), 2000))?.byteLength).toBe(2000);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    expect(await readBodyWithLimit(endless, 5000)).toBeNull();
    expect(pulled).toBeLessThan(10);
    expect(await readBodyWithLimit(null, 10)).toEqual(new Uint8Array(0));
  });

  it("takes a valid image out of a multipart upload and refuses the rest with Chinese messages", async () => {
    const ok = await readAvatarUpload(multipart(PNG_1X1));
    expect(ok).toMatchObject({ type: { ext: "png" } });

    await expect(readAvatarUpload(multipart(Buffer.from("hello, I am text"), "photo.png"))).rejects.toMatchObject({ code: "unsupported", message: AVATAR_WRONG_TYPE_MESSAGE });
    const tooBig = Buffer.concat([PNG_1X1, Buffer.alloc(AVATAR_MAX_BYTES)]);
    await expect(readAvatarUpload(multipart(tooBig))).rejects.toMatchObject({ code: "too_large", message: AVATAR_TOO_LARGE_MESSAGE });
    // The declared length alone is enough to refuse: the body is not read.
    const unread = { contentType: "multipart/form-data; boundary=x", contentLength: String(AVATAR_BODY_LIMIT + 1), body: streamOf([]) };
    await expect(readAvatarUpload(unread)).rejects.toMatchObject({ code: "too_large" });
    await expect(readAvatarUpload({ contentType: "image/png", contentLength: "67", body: streamOf([PNG_1X1]) })).rejects.toMatchObject({ code: "unsupported" });
    await expect(readAvatarUpload({ contentType: "multipart/form-data; boundary=zz", contentLength: null, body: streamOf([Buffer.from("garbage")]) })).rejects.toMatchObject({ code: "invalid" });
    const noFile = new FormData();
    noFile.append("other", "x");
    const req = new Request("http://localhost/", { method: "POST", body: noFile });
    await expect(readAvatarUpload({ contentType: req.headers.get("content-type"), contentLength: null, body: req.body })).rejects.toMatchObject({ code: "invalid", message: "请选择要上传的图片" });
  });

  it("validates nicknames: trimmed, 1–32 characters as read, no control characters", () => {
    expect(Nickname.parse("  老韭菜  ")).toBe("老韭菜");
    expect(Nickname.parse("韭".repeat(32))).toHaveLength(32);
    expect(Nickname.parse("😀".repeat(32))).toBe("😀".repeat(32));
    expect(Nickname.safeParse("韭".repeat(33)).error?.issues[0]?.message).toBe("昵称最长 32 个字");
    expect(Nickname.safeParse("   ").error?.issues[0]?.message).toBe("请输入昵称");
    expect(Nickname.safeParse("a\nb").success).toBe(false);
    expect(Nickname.safeParse("abc\u202Egpj").success).toBe(false);
    expect(Nickname.safeParse(42).success).toBe(false);
  });
});

describeOnEachEngine("account profile", () => {
  async function member(email: string, extra: { mobile?: string; password?: string } = {}): Promise<Viewer> {
    const user = await createUser({ email, nickname: "老韭菜", ...extra });
    const viewer = await viewerForToken((await createSession(user.id)).token);
    if (!viewer) throw new Error("no viewer");
    return viewer;
  }
  const account = (raw: string): Account => parseAccount(raw)!;

  it("shows the member's own record without the mobile fallback", async () => {
    const viewer = await member("profile@example.com");
    expect(await accountProfileOf(viewer)).toEqual({
      nickname: "老韭菜", avatarUrl: "", email: "profile@example.com", mobile: null, hasPassword: false,
      levelName: "普通会员", levelEndDate: "", invitationCode: viewer.userInfo.invitationCode,
    });
  });

  it("changes the nickname and answers the new user info; refuses invalid ones without a change", async () => {
    const viewer = await member("nick@example.com");
    const result = await updateNickname(viewer, "  短线小散  ");
    expect(result).toMatchObject({ nickName: "短线小散", uguid: viewer.userId });
    await expect(updateNickname(viewer, "x".repeat(33))).rejects.toMatchObject({ code: "invalid", message: "昵称最长 32 个字" });
    expect((await findUserById(viewer.userId))?.nickname).toBe("短线小散");
  });

  it("stores an avatar under a random name, serves it back, and removes the one it replaces", async () => {
    const viewer = await member("avatar@example.com");
    const firstImage = new AvatarWebp(Buffer.from("first webp bytes"));
    const first = await saveAvatar(viewer, firstImage);
    const firstName = first.avatar.replace("/api/uploads/avatars/", "");
    expect(first.avatar).toMatch(/^\/api\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(avatarDir()).toBe(path.join(dataDir, "uploads", "avatars"));
    expect(await readFile(path.join(avatarDir(), firstName))).toEqual(firstImage.bytes);
    expect(await readAvatar(firstName)).toEqual({ bytes: firstImage.bytes, contentType: "image/webp" });

    const second = await saveAvatar(viewer, new AvatarWebp(Buffer.from("second webp bytes")));
    const secondName = second.avatar.replace("/api/uploads/avatars/", "");
    expect(secondName).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect((await findUserById(viewer.userId))?.avatarUrl).toBe(second.avatar);
    expect(await readAvatar(firstName)).toBeNull();
    expect((await readdir(avatarDir())).filter((f) => f.startsWith("."))).toEqual([]);
    expect((await readAvatar(secondName))?.contentType).toBe("image/webp");
  });

  it("reads only names it could have written: no path leaves the avatar folder", async () => {
    await writeFile(path.join(dataDir, "secret.png"), "secret");
    for (const name of ["../secret.png", "..%2Fsecret.png", "secret.png", `${"a".repeat(32)}.svg`, `${"A".repeat(32)}.png`,
      `${"a".repeat(32)}.png/..`, `${"a".repeat(31)}.png`, "", `.${"a".repeat(32)}.png.part`]) {
      expect(await readAvatar(name)).toBeNull();
    }
    expect(await readAvatar(`${"a".repeat(32)}.png`)).toBeNull(); // well-formed but absent
  });

  it("binds a new e-mail or mobile, refusing the member's own and another member's", async () => {
    const viewer = await member("bind@example.com");
    await createUser({ email: "taken@example.com", mobile: "13900139000" });
    await expect(checkBindable(viewer, account("bind@example.com"))).rejects.toMatchObject({ code: "invalid", message: "该邮箱已绑定到你的账号" });
    await expect(checkBindable(viewer, account("Taken@Example.com"))).rejects.toMatchObject({ code: "conflict", message: "该邮箱已绑定其他账号" });
    await expect(bindAccount(viewer, account("13900139000"))).rejects.toMatchObject({ code: "conflict", message: "该手机号已绑定其他账号" });
    await expect(checkBindable(viewer, account("13800138001"))).resolves.toBeUndefined();

    const mobile = await bindAccount(viewer, account("+86 138-0013-8001"));
    expect(mobile).toMatchObject({ mobile: "13800138001", email: "bind@example.com" });
    const email = await bindAccount(viewer, account("New@Example.com"));
    expect(email).toMatchObject({ email: "new@example.com", mobile: "13800138001" });
    const row = await findUserById(viewer.userId);
    expect([row?.email, row?.mobile]).toEqual(["new@example.com", "13800138001"]);
  });

  it("lets exactly one of two members bind the same address at the same time", async () => {
    const a = await member("race-a@example.com");
    const b = await member("race-b@example.com");
    const results = await Promise.allSettled([bindAccount(a, account("13700137000")), bindAccount(b, account("13700137000"))]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "conflict", message: "该手机号已绑定其他账号" });
  });
});
