/**
 * The `r` return path (SPEC §5) is followed only to a same-origin path. Rule (security-promises §4): after one
 * decode reject control characters and backslashes, require one leading "/" not followed by "/", resolve against
 * our origin and require the same origin; login pages would loop, so they fall back to "/".
 */
const LOGIN_PATHS = [/^\/login(\/|$)/, /^\/new(\/|$)/, /^\/auth(\/|$)/];

export function safeReturnPath(raw: string | null | undefined, origin: string): string {
  if (!raw) return "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return "/";
  }
  // A value still encoded once more (r=%2Fuser%2Faccount) is used decoded; both forms must be clean.
  const path = raw.startsWith("/") ? raw : decoded;
  for (const candidate of [raw, decoded]) {
     
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return "/";
  }
  if (!path.startsWith("/") || path.startsWith("//") || decoded.startsWith("//")) return "/";
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(origin).origin || url.username || url.password) return "/";
  if (LOGIN_PATHS.some((re) => re.test(url.pathname))) return "/";
  // Dot segments can normalise into a protocol-relative path ("/.//evil.com" → "//evil.com").
  if (url.pathname.startsWith("//")) return "/";
  return url.pathname + url.search + url.hash;
}

/** The `r` value the login gate puts on `/`: the encoded original full path with its query. */
export function loginRedirectTarget(pathname: string, search: string): string {
  return `/?r=${encodeURIComponent(pathname + search)}`;
}
