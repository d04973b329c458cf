import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { parseUserInfo } from "@/lib/domain/user-info";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser, findUserById } from "@/lib/server/members/users";
import { GET } from "../../uploads/avatars/[file]/route";
import { POST } from "./route";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "lianghua-avatar-route-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ORIGIN = "http://localhost:3000";
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function upload(bytes: Uint8Array, { token, origin = ORIGIN, name = "me.png" }: { token?: string; origin?: string; name?: string }) {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type: "image/png" }), name);
  const encoded = new Request(`${ORIGIN}/x`, { method: "POST", body: form });
  const headers: Record<string, string> = { origin, "content-type": encoded.headers.get("content-type")! };
  if (token) headers.cookie = `token=${token}`;
  return POST(new NextRequest(`${ORIGIN}/api/user/avatar`, { method: "POST", headers, body: await encoded.arrayBuffer() }));
}

const serve = (file: string) => GET(new Request(`${ORIGIN}/api/uploads/avatars/${file}`), { params: Promise.resolve({ file }) });

describeOnEachEngine("avatar upload and serving", () => {
  it("stores a real PNG under a random name and serves it with its type, nosniff and a long cache", async () => {
    const user = await createUser({ email: "route-avatar@example.com" });
    const { token } = await createSession(user.id);
    const res = await upload(PNG_1X1, { token, name: "../../etc/passwd.png" });
    expect(res.status).toBe(200);
    const { userInfo, message } = await res.json();
    expect(message).toBe("头像已更新");
    expect(userInfo.avatar).toMatch(/^\/api\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    expect(parseUserInfo(res.cookies.get("userinfo")?.value)?.avatar).toBe(userInfo.avatar);
    expect((await findUserById(user.id))?.avatarUrl).toBe(userInfo.avatar);

    const served = await serve(userInfo.avatar.split("/").pop());
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1);
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
