import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseUserInfo } from "@/lib/domain/user-info";
import { createSession } from "@/lib/server/auth/sessions";
import { avatarDir } from "@/lib/server/members/profile";
import { createUser, findUserById } from "@/lib/server/members/users";
import { withS3LocalConfigured } from "@/test/s3-local/configured";
import { ORIGIN, temporaryDataDir } from "../../request.test-support";
import { GET } from "../../uploads/avatars/[file]/route";
import { POST } from "./route";

temporaryDataDir("lianghua-avatar-route-");
process.env.LOG_LEVEL = "silent";

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

async function upload(
  bytes: Uint8Array,
  { token, origin = ORIGIN, name = "me.png", type = "image/png" }: { token?: string; origin?: string; name?: string; type?: string },
) {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type }), name);
  const encoded = new Request(`${ORIGIN}/x`, { method: "POST", body: form });
  const headers: Record<string, string> = { origin, "content-type": encoded.headers.get("content-type")! };
  if (token) headers.cookie = `token=${token}`;
  return POST(new NextRequest(`${ORIGIN}/api/user/avatar`, { method: "POST", headers, body: await encoded.arrayBuffer() }));
}

const serve = (file: string) => GET(new Request(`${ORIGIN}/api/uploads/avatars/${file}`), { params: Promise.resolve({ file }) });

describeOnEachEngine("avatar upload and serving", () => {
  it("stores a real PNG re-encoded as a 256×256 WebP under a name of its own, and serves it with nosniff and a long cache", async () => {
    const user = await createUser({ email: "route-avatar@example.com" });
    const { token } = await createSession(user.id);
    const png = await photo(800, 600).png().toBuffer();
    const before = await readdir(avatarDir()).catch(() => [] as string[]);
    const res = await upload(png, { token, name: "../../etc/passwd.png" });
    expect(res.status).toBe(200);
    const { userInfo, message } = await res.json();
    expect(message).toBe("头像已更新");
    expect(userInfo.avatar).toMatch(/^\/api\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(parseUserInfo(res.cookies.get("userinfo")?.value)?.avatar).toBe(userInfo.avatar);
    expect((await findUserById(user.id))?.avatarUrl).toBe(userInfo.avatar);
    expect((await readdir(avatarDir())).filter((f) => !before.includes(f))).toEqual([userInfo.avatar.split("/").pop()]);

    const served = await serve(userInfo.avatar.split("/").pop());
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);
  });

  it("refuses SVG, GIF, over-4096-px images, pixel floods and corrupted files in Chinese, storing nothing", async () => {
    const user = await createUser({ email: "route-avatar-refused@example.com" });
    const { token } = await createSession(user.id);
    const kept = await upload(await photo(300, 300).jpeg().toBuffer(), { token, name: "kept.jpg", type: "image/jpeg" });
    const keptUrl = (await kept.json()).userInfo.avatar as string;
    const before = await readdir(avatarDir());

    const flood = Buffer.from(PNG_1X1);
    flood.writeUInt32BE(200_000, 16);
    flood.writeUInt32BE(200_000, 20);
    flood.writeUInt32BE(crc32(flood.subarray(12, 29)) >>> 0, 29);
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>`);
    const jpeg = await photo(300, 300).jpeg().toBuffer();
    const cases: [Buffer, number, string][] = [
      [svg, 415, "文件不是有效的图片，仅支持 JPEG、PNG、WebP 格式"],
      [await photo(40, 40).gif().toBuffer(), 415, "文件不是有效的图片，仅支持 JPEG、PNG、WebP 格式"],
      [await photo(5000, 5000).png().toBuffer(), 422, "图片尺寸过大，长和宽都不能超过 4096 像素"],
      [flood, 422, "图片尺寸过大，长和宽都不能超过 4096 像素"],
      [jpeg.subarray(0, jpeg.length - 200), 422, "图片已损坏或无法读取，请换一张图片"],
    ];
    for (const [bytes, status, text] of cases) {
      const res = await upload(bytes, { token });
      expect([res.status, (await res.json()).message]).toEqual([status, text]);
    }
    expect((await findUserById(user.id))?.avatarUrl).toBe(keptUrl);
    expect(await readdir(avatarDir())).toEqual(before);
  });

  it("still serves avatars stored as PNG or JPEG before re-encoding, with their own type", async () => {
    await mkdir(avatarDir(), { recursive: true });
    const jpeg = await photo(64, 64).jpeg().toBuffer();
    for (const [name, bytes, type] of [[`${"1".repeat(32)}.png`, PNG_1X1, "image/png"], [`${"2".repeat(32)}.jpg`, jpeg, "image/jpeg"]] as const) {
      await writeFile(path.join(avatarDir(), name), bytes);
      const served = await serve(name);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    }
  });

  it("refuses text named .png, files over 2 MB, foreign origins and visitors, keeping the old avatar", async () => {
    const user = await createUser({ email: "route-avatar2@example.com" });
    const { token } = await createSession(user.id);
    const fake = await upload(Buffer.from("this is plain text, not a picture"), { token });
    expect(fake.status).toBe(415);
    expect((await fake.json()).message).toBe("文件不是有效的图片，仅支持 JPEG、PNG、WebP 格式");
    const big = await upload(Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]), { token });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe("头像图片不能超过 2 MB");
    expect((await upload(PNG_1X1, { token, origin: "https://evil.example" })).status).toBe(403);
    expect((await upload(PNG_1X1, {})).status).toBe(401);
    expect((await findUserById(user.id))?.avatarUrl).toBe("");

    const declared = await POST(new NextRequest(`${ORIGIN}/api/user/avatar`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie: `token=${token}`, "content-type": "multipart/form-data; boundary=b", "content-length": String(3 * 1024 * 1024) },
      body: "--b--",
    }));
    expect(declared.status).toBe(413);
  });

  it("answers 404 for names it never writes, so no path can leave the folder", async () => {
    for (const file of ["..%2F..%2Fpglite.lock", "../secret.png", "x.png", `${"a".repeat(32)}.svg`, `${"a".repeat(32)}.png`]) {
      const res = await serve(file);
      expect(res.status).toBe(404);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describeOnEachEngine("avatar upload and serving with S3_* set", () => {
  const s3 = withS3LocalConfigured("avatar-key");

  it("keeps the avatar in the bucket, not on this disk, serves it from there and removes the replaced one", async () => {
    const user = await createUser({ email: "route-avatar-s3@example.com" });
    const { token } = await createSession(user.id);
    const onDisk = await readdir(avatarDir()).catch(() => [] as string[]);
    const first = (await (await upload(await photo(400, 400).png().toBuffer(), { token })).json()).userInfo.avatar as string;
    const name = first.split("/").pop()!;
    expect([...s3().objects().keys()]).toEqual([`avatars/${name}`]);
    expect(s3().objects().get(`avatars/${name}`)?.contentType).toBe("image/webp");
    expect(await readdir(avatarDir()).catch(() => [] as string[])).toEqual(onDisk);

    const served = await serve(name);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(s3().objects().get(`avatars/${name}`)!.bytes);

    const second = (await (await upload(await photo(300, 300).jpeg().toBuffer(), { token, name: "b.jpg", type: "image/jpeg" })).json()).userInfo.avatar as string;
    expect([...s3().objects().keys()]).toEqual([`avatars/${second.split("/").pop()}`]);
    expect((await serve(name)).status).toBe(404);
  });
});
