/** Pages that need a `token` cookie (SPEC §5), plus the admin area. Visitors are sent to `/?r=…`. */
export const LOGIN_GATED_PATHS = ["/user/invite", "/user/account", "/user/notif", "/user/invitation", "/user/unsubscribe", "/admin"];

const MAX_DECODES = 3;

function decodeFully(path: string): string {
  let current = path;
  for (let i = 0; i < MAX_DECODES && current.includes("%"); i++) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

/**
 * Next.js's other addresses of a page's RSC payload add a suffix from a dot on (`<page>.rsc`, `<page>.prefetch.rsc`,
 * `<page>.segments/…/x.segment.rsc`), and Next strips some of it before the proxy sees the path (`.rsc`: the proxy
 * gets `<page>.prefetch`). So the page ends at the first dot: whatever follows is a form of it.
 */
function cutAtFirstDot(segments: string[]): string[] {
  const i = segments.findIndex((s) => s.includes("."));
  if (i < 0) return segments;
  const name = segments[i]!.slice(0, segments[i]!.indexOf("."));
  return name ? [...segments.slice(0, i), name] : segments.slice(0, i);
}

function resolveDotSegments(segments: string[]): string[] {
  const out: string[] = [];
  for (const s of segments) {
    if (s === "..") out.pop();
    else if (s !== "." && s !== "") out.push(s);
  }
  return out;
}

/**
 * The page a request path may reach, in the one form the gate compares (ADR 0029). It errs towards the gate:
 * percent-encoding is undone (several times: a second decoding somewhere must not open a way around), case is
 * ignored, backslashes count as slashes, repeated and trailing slashes and dot segments go, and everything from the
 * first dot on is cut (Next's RSC suffixes, segment prefetches of Next 16 included), so every URL form of a gated
 * page is gated. No gated page has a dot in its path.
 */
export function gatePath(pathname: string): string {
  const decoded = decodeFully(pathname).toLowerCase().replace(/\\/g, "/");
  return "/" + cutAtFirstDot(resolveDotSegments(decoded.split("/"))).join("/");
}

export function isLoginGated(pathname: string): boolean {
  const page = gatePath(pathname);
  return LOGIN_GATED_PATHS.some((p) => page === p || page.startsWith(p + "/"));
}
