import fs from "node:fs";
import path from "node:path";
import { STORED_VIDEO_PREFIX } from "@/lib/domain/content/video-links";
import { playableVideoAddress } from "@/lib/server/content/video-links";
import { storeVideo } from "@/lib/server/content/stored-videos";
import { withS3LocalConfigured } from "@/test/s3-local/configured";
import { ORIGIN, temporaryDataDir } from "../../request.test-support";
import { GET } from "./route";

temporaryDataDir("lianghua-video-route-");
process.env.LOG_LEVEL = "silent";

/** The demo VIP video, a real MP4 of the repository. */
const DEMO = fs.readFileSync(path.join(process.cwd(), "lib/db/seed/videos/demo-limit-up-queue.mp4"));

function serve(address: string, headers: Record<string, string> = {}, method = "GET") {
  const url = new URL(address, ORIGIN);
  const file = url.pathname.slice(STORED_VIDEO_PREFIX.length);
  return GET(new Request(url, { headers, method }), { params: Promise.resolve({ file }) });
}

describe("GET /api/videos/{file}", () => {
  it("plays a stored video only through a signed address, whole or by byte ranges", async () => {
    const address = playableVideoAddress("/api/videos/demo-limit-up-queue.mp4");
    const whole = await serve(address);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toMatch(/^private/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(DEMO)).toBe(true);

    const probe = await serve(address, { range: "bytes=0-1" });
    expect(probe.status).toBe(206);
    expect(probe.headers.get("content-range")).toBe(`bytes 0-1/${DEMO.byteLength}`);
    expect(Buffer.from(await probe.arrayBuffer()).equals(DEMO.subarray(0, 2))).toBe(true);

    const past = await serve(address, { range: `bytes=${DEMO.byteLength}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${DEMO.byteLength}`);
  });

  it("refuses the bare address, a forged or altered signature and an expired one, each with its reason", async () => {
    const bare = await serve("/api/videos/demo-limit-up-queue.mp4");
    expect(bare.status).toBe(400);
    expect((await bare.json()).message).toBe("视频链接无效，请从文章页面打开");

    const signed = new URL(playableVideoAddress("/api/videos/demo-limit-up-queue.mp4"), ORIGIN);
    const s = signed.searchParams.get("s")!;
    const e = Number(signed.searchParams.get("e"));
    const forged = `/api/videos/demo-limit-up-queue.mp4?e=${e}&s=${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`;
    const later = `/api/videos/demo-limit-up-queue.mp4?e=${e + 3600}&s=${s}`;
    for (const address of [forged, later]) {
      const res = await serve(address);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe("视频链接无效，请从文章页面打开");
    }

    const old = playableVideoAddress("/api/videos/demo-limit-up-queue.mp4", Date.now() - 24 * 3600_000);
    const expired = await serve(old);
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toBe("视频链接已过期，请刷新文章页面");
  });

  it("leaves other addresses as they are and never signs a path outside the videos", () => {
    expect(playableVideoAddress("https://cdn.example.com/a.m3u8")).toBe("https://cdn.example.com/a.m3u8");
    expect(playableVideoAddress("/demo/videos/statement-3-steps.mp4")).toBe("/demo/videos/statement-3-steps.mp4");
    expect(playableVideoAddress("/api/videos/../../etc/passwd")).toBe("/api/videos/../../etc/passwd");
  });

  describe("with the object store in S3", () => {
    const s3 = withS3LocalConfigured("video-key");

    it("stores an MP4 in the bucket and plays it from there through a signed address; refuses what is not an MP4", async () => {
      const address = await storeVideo(DEMO);
      expect(address).toMatch(/^\/api\/videos\/[0-9a-f]{32}\.mp4$/);
      expect([...s3().objects().keys()]).toEqual([`videos/${address.slice(STORED_VIDEO_PREFIX.length)}`]);
      const res = await serve(playableVideoAddress(address), { range: "bytes=-100" });
      expect(res.status).toBe(206);
      expect(Buffer.from(await res.arrayBuffer()).equals(DEMO.subarray(DEMO.byteLength - 100))).toBe(true);
      await expect(storeVideo(new TextEncoder().encode("<html>not a video</html>"))).rejects.toThrow("not an MP4 file");
      const missing = await serve(playableVideoAddress(`/api/videos/${"0".repeat(32)}.mp4`));
      expect(missing.status).toBe(404);
    });

    it("reads from the bucket only the bytes each of a phone's ranges asks for", async () => {
      // A long lesson: the demo's header, then 24 MB.
      const lesson = Buffer.concat([DEMO, Buffer.alloc(24 * 1024 * 1024, 7)]);
      const address = playableVideoAddress(await storeVideo(lesson));
      const before = s3().reads().length;
      // Safari's probe, then a seek to the middle.
      const probe = await serve(address, { range: "bytes=0-1" });
      expect(probe.headers.get("content-range")).toBe(`bytes 0-1/${lesson.byteLength}`);
      expect(Buffer.from(await probe.arrayBuffer()).equals(lesson.subarray(0, 2))).toBe(true);
      const middle = Math.floor(lesson.byteLength / 2);
      const seek = await serve(address, { range: `bytes=${middle}-${middle + 65_535}` });
      expect(seek.status).toBe(206);
      expect(seek.headers.get("content-length")).toBe("65536");
      expect(Buffer.from(await seek.arrayBuffer()).equals(lesson.subarray(middle, middle + 65_536))).toBe(true);
      expect(s3().reads().slice(before).map((r) => r.bytes)).toEqual([2, 65_536]);

      // A link checker's HEAD (Next answers it with this handler): the headers, and nothing read from the bucket.
      const head = await serve(address, {}, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(lesson.byteLength));
      expect(head.body).toBeNull();
      expect(s3().reads().slice(before)).toHaveLength(2);
    });
  });
});
