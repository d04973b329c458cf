/**
 * The length of an MP4 (ISO base media file) from its movie header: the top-level boxes are walked by their headers
 * alone (`mdat`, the media, is skipped unread wherever it stands), then `moov`'s `mvhd` gives the timescale and the
 * duration. Null for a file that is not one, or says nothing of its length.
 */
export type ByteReader = (start: number, endInclusive: number) => Promise<Uint8Array>;

/** A `moov` larger than this is not a movie header we read (real ones are kilobytes; a 2-hour film's a few MB). */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;
const MAX_TOP_LEVEL_BOXES = 1_000;

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);
const type = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** Seconds of the movie `mvhd` (a box body from its version byte on) describes; null when it says none. */
function mvhdSeconds(b: Uint8Array, at: number, end: number): number | null {
  const version = b[at];
  const need = version === 1 ? 32 : 20;
  if (at + need > end) return null;
  const timescale = version === 1 ? u32(b, at + 20) : u32(b, at + 12);
  const duration = version === 1 ? u64(b, at + 24) : u32(b, at + 16);
  // all ones: "unknown" (a fragmented file's header)
  if (timescale === 0 || duration === 0 || duration === 0xffffffff || !Number.isFinite(duration)) return null;
  return duration / timescale;
}

/** `mvhd` among the boxes of a `moov` body. */
function findMvhd(b: Uint8Array): number | null {
  let at = 0;
  while (at + 8 <= b.length) {
    let size = u32(b, at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > b.length) return null;
      size = u64(b, at + 8);
      header = 16;
    } else if (size === 0) size = b.length - at;
    if (size < header || at + size > b.length) return null;
    if (type(b, at + 4) === "mvhd") return mvhdSeconds(b, at + header, at + size);
    at += size;
  }
  return null;
}

export async function mp4DurationSeconds(read: ByteReader, fileSize: number): Promise<number | null> {
  let at = 0;
  for (let boxes = 0; at + 8 <= fileSize && boxes < MAX_TOP_LEVEL_BOXES; boxes++) {
    const head = await read(at, Math.min(at + 15, fileSize - 1));
    if (head.length < 8) return null;
    let size = u32(head, 0);
    let header = 8;
    if (size === 1) {
      if (head.length < 16) return null;
      size = u64(head, 8);
      header = 16;
    } else if (size === 0) size = fileSize - at;
    if (size < header || at + size > fileSize) return null;
    const name = type(head, 4);
    if (at === 0 && name !== "ftyp" && name !== "moov" && name !== "free" && name !== "mdat") return null;
    if (name === "moov") {
      if (size - header > MAX_MOOV_BYTES) return null;
      return findMvhd(await read(at + header, at + size - 1));
    }
    at += size;
  }
  return null;
}

/** An ISO 8601 duration (schema.org's `duration`): 45 → PT45S, 3725 → PT1H2M5S. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}
