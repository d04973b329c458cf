/** Pages that need a `token` cookie (SPEC §5), plus the admin area. Visitors are sent to `/?r=…`. */
export const LOGIN_GATED_PATHS = ["/user/invite", "/user/account", "/user/notif", "/user/invitation", "/user/unsubscribe", "/admin"];

/** Next.js's other addresses of a page's RSC payload: `<page>.rsc`, `<page>.prefetch.rsc`, `<page>.segments/…`. */
const RSC_SUFFIX = /(?:\.segments(?:\/.*)?|\.prefetch\.rsc|\.rsc)$/;
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
 * ignored, backslashes count as slashes, repeated and trailing slashes and dot segments go, and Next.js's RSC
 * suffixes (segment prefetches of Next 16 included) are cut, so every URL form of a gated page is gated.
 */
export function gatePath(pathname: string): string {
  const decoded = decodeFully(pathname).toLowerCase().replace(/\\/g, "/");
  const segments = resolveDotSegments(decoded.split("/"));
  const page = ("/" + segments.join("/")).replace(RSC_SUFFIX, "");
  return page === "" ? "/" : page.replace(/\/+$/, "") || "/";
}

export function isLoginGated(pathname: string): boolean {
  const page = gatePath(pathname);
  return LOGIN_GATED_PATHS.some((p) => page === p || page.startsWith(p + "/"));
}
