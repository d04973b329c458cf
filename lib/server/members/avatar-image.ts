import "server-only";
import { fileTypeFromBuffer } from "file-type/core";
import sharp, { type Metadata } from "sharp";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { AVATAR_WRONG_TYPE_MESSAGE } from "./profile";

/** Longest side accepted, read from the header before anything is decoded. */
export const AVATAR_MAX_SIDE_PX = 4096;
/** Every stored avatar is this square, in WebP. */
export const AVATAR_SIZE_PX = 256;

export const AVATAR_TOO_WIDE_MESSAGE = `图片尺寸过大，长和宽都不能超过 ${AVATAR_MAX_SIDE_PX} 像素`;
export const AVATAR_ANIMATED_MESSAGE = "不支持动图，请上传静态图片";
export const AVATAR_UNREADABLE_MESSAGE = "图片已损坏或无法读取，请换一张图片";

const DECODABLE_FORMATS = new Set(["jpeg", "png", "webp"]);
/** file-type's names of those formats (an APNG is a PNG to libvips: its first frame) */
const ACCEPTED_TYPES = new Set(["jpg", "png", "apng", "webp"]);

/** What reencodeAvatar made: a 256×256 WebP without metadata. Only such images are stored. */
export class AvatarWebp {
  readonly contentType = "image/webp";
  readonly ext = "webp";
  constructor(readonly bytes: Buffer) {}
}

/**
 * Decodes an uploaded avatar and encodes it afresh, so nothing of the uploaded file but its pixels is kept: no
 * metadata (EXIF, GPS, ICC, comments), no trailing bytes, no polyglot. The type is checked by its bytes before libvips
 * sees it, by file-type (JPEG, PNG, WebP only: never SVG, GIF, TIFF, HEIF…), the dimensions by the header before decoding (a
 * pixel flood is refused without allocating it), and the decoder keeps libvips's pixel limit as a second guard.
 * Output: EXIF orientation applied, centre-cropped to cover 256×256, WebP.
 */
export async function reencodeAvatar(bytes: Uint8Array): Promise<AvatarWebp> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPTED_TYPES.has(detected.ext)) throw new AppError("unsupported", AVATAR_WRONG_TYPE_MESSAGE);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Metadata;
  try {
    // Reads the header only; the pixel limit is ours below, so a flood gets its own message.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    logger().info({ err: (err as Error).message }, "avatar refused: header unreadable");
    throw new AppError("unprocessable", AVATAR_UNREADABLE_MESSAGE);
  }
  if (!DECODABLE_FORMATS.has(header.format) || !header.width || !header.height) {
    throw new AppError("unsupported", AVATAR_WRONG_TYPE_MESSAGE);
  }
  if (header.width > AVATAR_MAX_SIDE_PX || header.height > AVATAR_MAX_SIDE_PX) {
    throw new AppError("unprocessable", AVATAR_TOO_WIDE_MESSAGE);
  }
  if ((header.pages ?? 1) > 1) throw new AppError("unprocessable", AVATAR_ANIMATED_MESSAGE);
  try {
    const webp = await sharp(input, { limitInputPixels: AVATAR_MAX_SIDE_PX * AVATAR_MAX_SIDE_PX, failOn: "truncated" })
      .autoOrient()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .toBuffer();
    return new AvatarWebp(webp);
  } catch (err) {
    logger().info({ err: (err as Error).message }, "avatar refused: image does not decode");
    throw new AppError("unprocessable", AVATAR_UNREADABLE_MESSAGE);
  }
}
