/**
 * The one byte range of an HTTP `Range` header a media answer serves (RFC 9110 §14). Browsers play MP4 by ranges;
 * Safari insists on 206 answers. Several ranges, another unit or a header that does not parse: the whole file
 * (`null`), as the RFC allows. A range past the end: `"unsatisfiable"` (416).
 */
export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

const SINGLE = /^bytes=(\d*)-(\d*)$/;

export function byteRange(header: string | null, size: number): ByteRange {
  if (!header) return null;
  const m = SINGLE.exec(header.trim());
  if (!m) return null;
  const [, from = "", to = ""] = m;
  if (from === "" && to === "") return null;
  if (from === "") {
    // The last N bytes.
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return "unsatisfiable";
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
