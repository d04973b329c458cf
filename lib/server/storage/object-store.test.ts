import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startS3Local, type S3Local } from "@/test/s3-local/server";
import { diskStore, s3Store, type ObjectStore } from "./object-store";

let s3: S3Local;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Local({ accessKeyId: "key-1" });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-store-"));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const settings = () => ({ endpoint: s3.url, bucket: s3.bucket, region: "us-east-1", accessKeyId: "key-1", secretAccessKey: "secret-1" });

describe.each([
  ["disk", () => diskStore(dir)],
  ["S3", () => s3Store(settings())],
] as const)("the %s object store", (_kind, make: () => ObjectStore) => {
  it("keeps what is put under its key, answers null for a key it does not hold, and forgets what is removed", async () => {
    const store = make();
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);
    await store.put("avatars/0123456789abcdef0123456789abcdef.webp", bytes, "image/webp");
    expect(await store.get("avatars/0123456789abcdef0123456789abcdef.webp")).toEqual(Buffer.from(bytes));
    expect(await store.get("avatars/ffffffffffffffffffffffffffffffff.webp")).toBeNull();
    await store.remove("avatars/0123456789abcdef0123456789abcdef.webp");
    await store.remove("avatars/0123456789abcdef0123456789abcdef.webp");
    expect(await store.get("avatars/0123456789abcdef0123456789abcdef.webp")).toBeNull();
  });

  it("tells an object's size and streams any part of it; a key it does not hold is null", async () => {
    const store = make();
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 251);
    await store.put("videos/range.mp4", bytes, "video/mp4");
    const read = async (start: number, end: number) => Buffer.from(await new Response(await store.stream("videos/range.mp4", start, end)).arrayBuffer());
    expect(await store.size("videos/range.mp4")).toBe(70_000);
    expect(await read(0, 1)).toEqual(Buffer.from(bytes.subarray(0, 2)));
    expect(await read(65_000, 69_999)).toEqual(Buffer.from(bytes.subarray(65_000)));
    expect(await read(0, 69_999)).toEqual(Buffer.from(bytes));
    expect(await store.size("videos/none.mp4")).toBeNull();
    expect(await store.stream("videos/none.mp4", 0, 1)).toBeNull();
  });
});

describe("the S3 store", () => {
  it("sends SigV4-signed path-style requests with the object's type", async () => {
    await s3Store(settings()).put("avatars/aa.webp", new Uint8Array([1]), "image/webp");
    expect(s3.objects().get("avatars/aa.webp")).toEqual({ bytes: Buffer.from([1]), contentType: "image/webp" });
  });

  it("asks S3 for the bytes a range needs, not the object", async () => {
    const store = s3Store(settings());
    await store.put("videos/big.mp4", new Uint8Array(3_000_000), "video/mp4");
    const before = s3.reads().length;
    await new Response(await store.stream("videos/big.mp4", 1_000_000, 1_000_099)).arrayBuffer();
    expect(s3.reads().slice(before)).toEqual([{ key: "videos/big.mp4", range: "bytes=1000000-1000099", bytes: 100 }]);
  });

  it("says which request S3 refused, with its status and answer", async () => {
    const wrongKey = s3Store({ ...settings(), accessKeyId: "someone-else" });
    await expect(wrongKey.put("avatars/bb.webp", new Uint8Array([1]), "image/webp")).rejects.toThrow(/^S3 PUT lianghua-test\/avatars\/bb\.webp refused: HTTP 403 .*AccessDenied/);
    await expect(s3Store({ ...settings(), bucket: "no-such-bucket" }).get("avatars/bb.webp")).rejects.toThrow(/HTTP 404 .*NoSuchBucket/);
  });
});
