import type { Params } from "./form";
import type { Store } from "./state";

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Context {
  store: Store;
  params: Params;
  expand: string[];
  /** Path captures in order (`/v1/customers/:id` → [id]). */
  ids: string[];
  serverUrl: string;
}

export type Handler = (ctx: Context) => Reply | Promise<Reply>;

export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

export function route(method: string, path: string, handler: Handler): Route {
  const pattern = new RegExp(`^${path.replace(/:\w+/g, "([^/]+)")}$`);
  return { method, pattern, handler };
}

export function findRoute(routes: Route[], method: string, path: string): { handler: Handler; ids: string[] } | null {
  for (const r of routes) {
    const m = r.method === method ? r.pattern.exec(path) : null;
    if (m) return { handler: r.handler, ids: m.slice(1).map(decodeURIComponent) };
  }
  return null;
}

export function json(value: unknown, status = 200): Reply {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(value, null, 2) };
}

export function html(text: string, status = 200): Reply {
  return { status, headers: { "content-type": "text/html; charset=utf-8" }, body: text };
}

export function redirect(location: string): Reply {
  return { status: 303, headers: { location }, body: "" };
}
