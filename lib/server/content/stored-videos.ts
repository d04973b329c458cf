import "server-only";
import { randomBytes } from "node:crypto";
import { looksLikeMp4 } from "@/lib/domain/content/mp4";
import { STORED_VIDEO_PREFIX } from "@/lib/domain/content/video-links";
import { objectStore } from "@/lib/server/storage/object-store";

/** The largest video kept: a lesson at phone quality is far smaller; anything bigger belongs on a video CDN. */
export const STORED_VIDEO_MAX_BYTES = 512 * 1024 * 1024;

export class VideoRefusedError extends Error {}

/** Stores an MP4 in the object store (ADR 0066) and answers the address an article names it by. */
export async function storeVideo(bytes: Uint8Array): Promise<string> {
  if (!looksLikeMp4(bytes)) throw new VideoRefusedError("not an MP4 file (no ftyp box at its start)");
  if (bytes.byteLength > STORED_VIDEO_MAX_BYTES) throw new VideoRefusedError(`larger than ${STORED_VIDEO_MAX_BYTES / 1024 / 1024} MB`);
  const name = `${randomBytes(16).toString("hex")}.mp4`;
  await objectStore().put(`videos/${name}`, bytes, "video/mp4");
  return `${STORED_VIDEO_PREFIX}${name}`;
}
