/**
 * Media addresses an editor typed: only our own paths and http(s) URLs are used (no javascript:, data:, //host, and no
 * backslash anywhere: browsers read a path starting with a slash and a backslash as `//host`, another site).
 */
export function isSafeMediaUrl(src: string | null | undefined): src is string {
  if (!src || src.includes("\\")) return false;
  return /^https?:\/\/[^\s]+$/i.test(src) || /^\/(?!\/)[^\s]*$/.test(src);
}

/** An HLS playlist (played natively or through hls.js). */
export function isHlsUrl(src: string): boolean {
  return /\.m3u8(?:[?#]|$)/i.test(src);
}
