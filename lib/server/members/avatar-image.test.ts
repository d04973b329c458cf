import { crc32 } from "node:zlib";
import fc from "fast-check";
import sharp, { type Color, type Sharp } from "sharp";
import { AppError } from "@/lib/server/http/app-error";
import { refusalOf } from "@/lib/server/http/test-support";
import {
  AVATAR_ANIMATED_MESSAGE,
  AVATAR_MAX_SIDE_PX,
  AVATAR_SIZE_PX,
  AVATAR_TOO_WIDE_MESSAGE,
  AVATAR_UNREADABLE_MESSAGE,
  AvatarWebp,
  reencodeAvatar,
} from "./avatar-image";
import { AVATAR_WRONG_TYPE_MESSAGE } from "./profile";

process.env.LOG_LEVEL = "silent";

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

function solid(width: number, height: number, background: Color) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** A width×height image whose left half is red and right half blue. */
async function redLeftBlueRight(width: number, height: number): Promise<Sharp> {
  const right = await solid(width / 2, height, BLUE).png().toBuffer();
  return solid(width, height, RED).composite([{ input: right, left: width / 2, top: 0 }]);
}

/** A valid PNG header (signature, IHDR with a correct CRC) that claims width×height, followed by a 1-px image's data. */
async function pixelFloodPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1, RED).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

async function decoded(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const at = (y * info.width + x) * info.channels;
    return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
  };
  return { meta, pixel };
}

function near(actual: { r: number; g: number; b: number }, expected: { r: number; g: number; b: number }) {
  return Math.abs(actual.r - expected.r) + Math.abs(actual.g - expected.g) + Math.abs(actual.b - expected.b) < 60;
}

describe("avatar re-encoding", () => {
  it("turns a PNG into a 256×256 WebP, cropped to cover from the centre", async () => {
    // 600×200: the centre 200×200 square is the last third of red and first third of blue.
    const png = await (await redLeftBlueRight(600, 200)).png().toBuffer();
    const image = await reencodeAvatar(png);
    expect(image.contentType).toBe("image/webp");
    const { meta, pixel } = await decoded(image.bytes);
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", AVATAR_SIZE_PX, AVATAR_SIZE_PX]);
    expect(near(pixel(10, 128), RED)).toBe(true);
    expect(near(pixel(245, 128), BLUE)).toBe(true);
  });

  it("applies a JPEG's EXIF orientation and keeps none of its metadata", async () => {
    // Stored 400×200 red|blue with orientation 6 (turn 90° clockwise to view): seen as 200×400, red above blue.
    const jpeg = await (await redLeftBlueRight(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: "someone", ImageDescription: "GPS and camera data" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const image = await reencodeAvatar(jpeg);
    const { meta, pixel } = await decoded(image.bytes);
    expect([meta.width, meta.height]).toEqual([AVATAR_SIZE_PX, AVATAR_SIZE_PX]);
    expect(near(pixel(128, 10), RED)).toBe(true);
    expect(near(pixel(128, 245), BLUE)).toBe(true);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(image.bytes.includes(Buffer.from("someone"))).toBe(false);
  });

  it("accepts a still WebP and an image of exactly 4096 px a side", async () => {
    const webp = await solid(300, 300, BLUE).webp().toBuffer();
    expect(await reencodeAvatar(webp)).toBeInstanceOf(AvatarWebp);
    const edge = await solid(AVATAR_MAX_SIDE_PX, 16, RED).jpeg().toBuffer();
    expect(await reencodeAvatar(edge)).toBeInstanceOf(AvatarWebp);
  });

  it("refuses a side over 4096 px by its header, a pixel flood included", async () => {
    const wide = await solid(5000, 5000, RED).png().toBuffer();
    expect(wide.byteLength).toBeLessThan(2 * 1024 * 1024);
    const tall = await solid(16, AVATAR_MAX_SIDE_PX + 1, RED).jpeg().toBuffer();
    const flood = await pixelFloodPng(100_000, 100_000);
    expect(flood.byteLength).toBeLessThan(200);
    for (const bytes of [wide, tall, flood]) {
      await expect(reencodeAvatar(bytes)).rejects.toMatchObject({ code: "unprocessable", message: AVATAR_TOO_WIDE_MESSAGE });
    }
  });

  it("refuses what is not a JPEG, PNG or WebP by its bytes: SVG, GIF, TIFF, random bytes", async () => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>`);
    expect((await sharp(svg).metadata()).format).toBe("svg"); // libvips would have rendered it
    const gif = await solid(64, 64, RED).gif().toBuffer();
    const tiff = await solid(64, 64, RED).tiff().toBuffer();
    for (const bytes of [svg, gif, tiff, Buffer.from("MZ\x90\x00 this program cannot be run in DOS mode"), Buffer.alloc(0)]) {
      await expect(reencodeAvatar(bytes)).rejects.toMatchObject({ code: "unsupported", message: AVATAR_WRONG_TYPE_MESSAGE });
    }
  });

  it("refuses an animated WebP", async () => {
    const frames = await Promise.all([solid(32, 32, RED).png().toBuffer(), solid(32, 32, BLUE).png().toBuffer()]);
    const animated = await sharp(frames, { join: { animated: true } }).webp().toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    await expect(reencodeAvatar(animated)).rejects.toMatchObject({ code: "unprocessable", message: AVATAR_ANIMATED_MESSAGE });
  });

  it("refuses a truncated or corrupted image", async () => {
    const noisy = { width: 300, height: 300, channels: 3 as const, background: "#808080", noise: { type: "gaussian" as const, mean: 128, sigma: 30 } };
    const jpeg = await sharp({ create: noisy }).jpeg().toBuffer();
    const png = await sharp({ create: noisy }).png().toBuffer();
    const garbledPng = Buffer.from(png);
    garbledPng.fill(0x5a, 60, 400); // inside the compressed data
    for (const bytes of [jpeg.subarray(0, jpeg.length >> 1), png.subarray(0, png.length >> 1), garbledPng, png.subarray(0, 40)]) {
      await expect(reencodeAvatar(bytes)).rejects.toMatchObject({ code: "unprocessable", message: AVATAR_UNREADABLE_MESSAGE });
    }
  });

  it("never throws and never accepts random bytes, even behind a valid signature (P25: 1000 inputs)", async () => {
    const signatures = [
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
      Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x40, 0, 0, 0]), Buffer.from("WEBPVP8 ")]),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 2048 }), async (head, tail) => {
        const refusal = await refusalOf(reencodeAvatar(Buffer.concat([head, tail])));
        expect([415, 422]).toContain(refusal.status);
      }),
      { numRuns: 1000 },
    );
  });

  it("answers every byte-flipped real PNG with a 256×256 WebP or a refusal, never an error (P25: 1000 inputs)", async () => {
    const png = await (await redLeftBlueRight(64, 48)).png().toBuffer();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(png.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), async (flips) => {
        const bytes = Buffer.from(png);
        for (const [at, value] of flips) bytes[at] = value;
        const result = await reencodeAvatar(bytes).catch((err: unknown) => err);
        if (result instanceof AvatarWebp) {
          const meta = await sharp(result.bytes).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(["webp", AVATAR_SIZE_PX, AVATAR_SIZE_PX]);
        } else {
          expect(result).toBeInstanceOf(AppError);
          expect([415, 422]).toContain((result as AppError).status);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
