import "server-only";
import path from "node:path";
import { STORED_VIDEO_PREFIX, storedVideoName } from "@/lib/domain/content/video-links";
import { mp4DurationSeconds } from "@/lib/domain/media/mp4-duration";
import { logger } from "@/lib/server/logger";
import { diskStore } from "@/lib/server/storage/object-store";
import { openStoredVideo, type StoredVideo } from "./video-links";

const PUBLIC_DIR = path.join(process.cwd(), "public");
/** A video's length does not change: remembered per address for the process's life (a bounded few). */
const known = new Map<string, Promise<number | null>>();
const REMEMBERED = 500;

async function bytes(video: StoredVideo, start: number, end: number): Promise<Uint8Array> {
  const stream = await video.stream(start, end);
  return stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : new Uint8Array();
}

/** The video at a site address (a stored one, or a file under public/), or null for an address elsewhere. */
async function openVideo(address: string): Promise<StoredVideo | null> {
  if (address.startsWith(STORED_VIDEO_PREFIX)) {
    const name = storedVideoName(address);
    return name ? openStoredVideo(name) : null;
  }
  if (!address.startsWith("/") || address.startsWith("//") || !/\.mp4$/i.test(address)) return null;
  const file = path.normalize(address.split("?")[0]!).replace(/^[/\\]+/, "");
  if (file.startsWith("..")) return null;
  const store = diskStore(PUBLIC_DIR);
  const size = await store.size(file);
  return size === null ? null : { size, stream: (start, end) => store.stream(file, start, end) };
}

/**
 * Seconds of a video article's video (its VideoObject `duration`), read from the file's movie header in a few small
 * ranged reads; null for a video elsewhere or one whose header says nothing. Told to every reader: a length is not
 * the paid content.
 */
export function videoDurationSeconds(address: string | null): Promise<number | null> {
  if (!address) return Promise.resolve(null);
  let hit = known.get(address);
  if (!hit) {
    hit = (async () => {
      try {
        const video = await openVideo(address);
        return video ? await mp4DurationSeconds((s, e) => bytes(video, s, e), video.size) : null;
      } catch (err) {
        logger().warn({ address, err: (err as Error).message }, "video length unreadable");
        return null;
      }
    })();
    if (known.size >= REMEMBERED) known.delete(known.keys().next().value as string);
    known.set(address, hit);
  }
  return hit;
}
