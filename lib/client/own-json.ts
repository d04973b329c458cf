/**
 * A quiet GET of one of the site's own JSON answers with the browser's cookies: the body, or null when the request
 * fails or is refused. For reading what a page shared by many cannot hold (ADR 0067); no toast, no progress bar, and
 * small enough for the layout every page loads (the request layer is not).
 */
export async function getOwnJson(path: string): Promise<unknown> {
  try {
    const res = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}
