import "server-only";
import { createHash } from "node:crypto";
import http from "node:http";
import { config } from "@/lib/config";
import { inlineScripts } from "@/lib/domain/inline-scripts";
import { PAGE_CLASS_HEADER, PAGE_FILL_HEADER } from "@/lib/domain/page-cache";
import { logger } from "@/lib/server/logger";
import { outsideRequest } from "@/lib/server/startup-context";
import { pageCache, type CachedPage } from "./store";

/** A render for the cache that takes longer than this is abandoned (the visitor was answered by their own render). */
const RENDER_TIMEOUT_MS = 15_000;
/** A page larger than this is not kept (no public page comes near; a runaway render should not fill the memory). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export function scriptHash(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/** The hashes a policy needs for the document's inline scripts, each once. */
export function scriptHashesOf(html: string): string[] {
  return [...new Set(inlineScripts(html).map(scriptHash))];
}

/**
 * Renders `pathAndSearch` for the cache behind the current answer: one render per key at a time, through this
 * process's own server as a visitor without cookies would get it, or, with `levelId`, as any member of that access
 * class would (ADR 0067). Kept only when this process rendered it (the
 * render echoes the fill header), it is a 200 HTML answer, and the data did not change while it ran.
 */
export function fillBehind(key: string, pathAndSearch: string, levelId: number | null = null): void {
  const state = pageCache();
  const stamp = state.stamp;
  if (stamp === null || state.filling.has(key)) return;
  state.filling.add(key);
  const startedAt = Date.now();
  // Outside the visitor's request: the render and its socket outlive that request (startup-context.ts).
  void outsideRequest(() =>
    renderOwnPage(pathAndSearch, state.fillSecret, levelId)
      .then((html) => {
        if (html === REFUSED) state.refused.set(key, stamp);
        if (typeof html !== "string" || pageCache().stamp !== stamp) return;
        const page: CachedPage = { html, scriptHashes: scriptHashesOf(html), stamp, storedAt: startedAt };
        state.entries.set(key, page);
      })
      .catch((err: Error) => logger().warn({ path: pathAndSearch, err: err.message }, "page not rendered for the cache"))
      .finally(() => state.filling.delete(key)),
  );
}

/** The render answered, for certain, with nothing to keep: not asked again under the same data (store.ts `refused`). */
const REFUSED = Symbol("refused");

/** A 404, a redirect or a page (that sets a cookie): what the address answers. A 5xx may be a passing failure. */
function answersForCertain(status: number): boolean {
  return status === 404 || (status >= 300 && status < 400) || status === 200;
}

function renderOwnPage(pathAndSearch: string, secret: string, levelId: number | null): Promise<string | null | typeof REFUSED> {
  const headers: Record<string, string> = { [PAGE_FILL_HEADER]: secret, accept: "text/html", "accept-encoding": "identity" };
  if (levelId !== null) headers[PAGE_CLASS_HEADER] = String(levelId);
  return new Promise((resolve, reject) => {
    // agent: false — one connection per render, closed after it, so no pooled socket outlives it.
    const req = http.get(
      { host: "127.0.0.1", port: config().port, path: pathAndSearch, agent: false, timeout: RENDER_TIMEOUT_MS,
        headers },
      (res) => {
        const ours = res.headers[PAGE_FILL_HEADER] === "1";
        const html = /^text\/html\b/i.test(res.headers["content-type"] ?? "");
        if (res.statusCode !== 200 || !ours || !html || res.headers["set-cookie"]) {
          res.resume();
          resolve(ours && answersForCertain(res.statusCode ?? 0) ? REFUSED : null);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_PAGE_BYTES) {
            res.destroy();
            resolve(null);
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`render for the cache took over ${RENDER_TIMEOUT_MS} ms`)));
    req.on("error", reject);
  });
}
