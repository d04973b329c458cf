import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { isoDuration, mp4DurationSeconds, type ByteReader } from "./mp4-duration";

const readerOf = (bytes: Uint8Array): ByteReader => async (start, end) => bytes.subarray(start, end + 1);
const durationOf = (bytes: Uint8Array) => mp4DurationSeconds(readerOf(bytes), bytes.length);

const box = (name: string, body: Uint8Array) => {
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(new TextEncoder().encode(name), 4);
  out.set(body, 8);
  return out;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
/** An mvhd body of version 0 (32-bit times) or 1 (64-bit), the rest of its fields zero. */
function mvhd(version: 0 | 1, timescale: number, duration: number): Uint8Array {
  const body = new Uint8Array(version === 1 ? 108 : 96);
  const v = new DataView(body.buffer);
  v.setUint8(0, version);
  if (version === 1) {
    v.setUint32(20, timescale);
    v.setBigUint64(24, BigInt(duration));
  } else {
    v.setUint32(12, timescale);
    v.setUint32(16, duration);
  }
  return box("mvhd", body);
}

describe("an MP4's length from its movie header", () => {
  it("reads the demo videos the site ships, as an encoder wrote them", async () => {
    const shipped = [path.join(process.cwd(), "public/demo/videos/statement-3-steps.mp4"), path.join(process.cwd(), "lib/db/seed/videos/demo-limit-up-queue.mp4")];
    const seconds = await Promise.all(shipped.map((f) => durationOf(new Uint8Array(fs.readFileSync(f)))));
    expect(seconds[0]).toBe(45);
    expect(seconds[1]).toBe(45);
  });

  it("finds moov after the media, reads 64-bit headers and sizes, and skips mdat unread", async () => {
    const ftyp = box("ftyp", new TextEncoder().encode("isom\0\0\0\0isomiso2"));
    const mdat = box("mdat", new Uint8Array(5_000));
    expect(await durationOf(concat(ftyp, mdat, box("moov", mvhd(0, 600, 600 * 83))))).toBe(83);
    expect(await durationOf(concat(ftyp, box("moov", concat(box("udta", new Uint8Array(4)), mvhd(1, 90_000, 90_000 * 7_200)))))).toBe(7_200);
    const reads: [number, number][] = [];
    const file = concat(ftyp, mdat, box("moov", mvhd(0, 1000, 12_500)));
    await mp4DurationSeconds(async (s, e) => (reads.push([s, e]), file.subarray(s, e + 1)), file.length);
    expect(reads.every(([s, e]) => e - s < 200)).toBe(true);
  });

  it("says nothing for a file that is not an MP4 or does not tell its length", async () => {
    expect(await durationOf(new TextEncoder().encode("<html>not a video</html>"))).toBeNull();
    expect(await durationOf(concat(box("ftyp", new Uint8Array(8)), box("moov", mvhd(0, 0, 100))))).toBeNull();
    expect(await durationOf(concat(box("ftyp", new Uint8Array(8)), box("moov", mvhd(0, 1000, 0xffffffff))))).toBeNull();
    expect(await durationOf(box("ftyp", new Uint8Array(8)))).toBeNull();
  });

  it("never throws and never reads past the file, whatever the bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), async (bytes) => {
        const read: ByteReader = async (s, e) => {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(e).toBeLessThan(bytes.length);
          return bytes.subarray(s, e + 1);
        };
        const seconds = await mp4DurationSeconds(read, bytes.length);
        expect(seconds === null || (Number.isFinite(seconds) && seconds > 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("writes the length as schema.org wants it (ISO 8601)", () => {
    expect([isoDuration(45), isoDuration(3725), isoDuration(3600), isoDuration(0), isoDuration(59.6)]).toEqual(["PT45S", "PT1H2M5S", "PT1H", "PT0S", "PT1M"]);
  });
});
