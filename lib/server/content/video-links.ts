import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import path from "node:path";
import { signedVideoAddress, storedVideoName, VIDEO_LINK_SECONDS, videoLinkPayload } from "@/lib/domain/content/video-links";
import { deviceCookieKey } from "@/lib/device/key";
import { diskStore, objectStore } from "@/lib/server/storage/object-store";

/**
 * Signed addresses of stored videos (ADR 0066). The key is derived from the device-cookie key, the one secret every
 * instance already shares (DEVICE_COOKIE_SECRET), so a link signed by one instance plays from any.
 */
function videoKey(): Buffer {
  return createHmac("sha256", deviceCookieKey()).update("lianghua video links v1").digest();
}

function signature(name: string, expiresAt: number): string {
  return createHmac("sha256", videoKey()).update(videoLinkPayload(name, expiresAt)).digest("base64url");
}

/**
 * The address a viewer who may watch is given: a stored video's with an expiry and signature; any other address (an
 * editor's CDN, a file of the site) as it is. Expiries are whole 10-minute steps, so one page's address is the same
 * for every reader for a while and a cached page's link still has hours to run.
 */
export function playableVideoAddress(address: string, nowMs = Date.now()): string {
  const name = storedVideoName(address);
  if (!name) return address;
  const step = 600;
  const expiresAt = (Math.floor(nowMs / 1000 / step) + 1) * step + VIDEO_LINK_SECONDS;
  return signedVideoAddress(name, expiresAt, signature(name, expiresAt));
}

export type VideoLinkCheck = "ok" | "expired" | "forged";

export function checkVideoLink(name: string, expiresAt: number, given: string, nowMs = Date.now()): VideoLinkCheck {
  const expected = Buffer.from(signature(name, expiresAt));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return "forged";
  return expiresAt * 1000 < nowMs ? "expired" : "ok";
}

/** The demo videos ship with the code, beside the demo data that names them; never under public/. */
const DEMO_VIDEO_DIR = path.join(process.cwd(), "lib", "db", "seed", "videos");

export interface StoredVideo {
  size: number;
  /** Bytes `start`..`end` (inclusive) as read from the store while sent; null when the video went away meanwhile. */
  stream(start: number, end: number): Promise<ReadableStream<Uint8Array> | null>;
}

/** A stored video, or null when there is none: the object store's `videos/<name>`, or a demo video. */
export async function openStoredVideo(name: string): Promise<StoredVideo | null> {
  const stored = objectStore();
  const key = `videos/${name}`;
  const size = await stored.size(key);
  if (size !== null) return { size, stream: (start, end) => stored.stream(key, start, end) };
  if (!name.startsWith("demo-")) return null;
  const demo = diskStore(DEMO_VIDEO_DIR);
  const demoSize = await demo.size(name);
  return demoSize === null ? null : { size: demoSize, stream: (start, end) => demo.stream(name, start, end) };
}
