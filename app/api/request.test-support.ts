import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import type { Role } from "@/lib/server/members/users";

/**
 * Requests as a browser on the site (or a stranger) sends them to a route handler called in-process, and what the
 * route tests read back. Shared by the tests under app/api so that each states only its route and its cases.
 */

/** The site's own origin in the tests: the host every request goes to, and the Origin a page of the site sends. */
export const ORIGIN = "http://localhost:3000";

/** Who sends a request, and from where. */
export interface Sender {
  /** a session token, sent as the `token` cookie */
  token?: string;
  /** the Origin header: the site's own unless given (`"https://evil.example"`, `"null"`) */
  origin?: string;
  /** the client's address (the socket peer the server records, scripts/peer-address.cjs); rate limits count per address */
  ip?: string;
  /** any other headers, last (they win) */
  headers?: Record<string, string>;
}

function headersOf({ token, origin = ORIGIN, ip, headers }: Sender, contentType?: string): Record<string, string> {
  return {
    origin,
    ...(contentType ? { "content-type": contentType } : {}),
    ...(ip ? { "x-lianghua-peer": ip } : {}),
    ...(token ? { cookie: `token=${token}` } : {}),
    ...headers,
  };
}

/** A POST of `body` as JSON to `path` (`/api/…`). */
export function postJson(path: string, body: unknown, sender: Sender = {}): NextRequest {
  return postText(path, JSON.stringify(body), sender);
}

/** A POST of `text` as it is to `path`, said to be JSON: for a body that is not JSON at all. */
export function postText(path: string, text: string, sender: Sender = {}): NextRequest {
  return new NextRequest(`${ORIGIN}${path}`, { method: "POST", headers: headersOf(sender, "application/json"), body: text });
}

/** A POST of a multipart form to `path`; the form sets its own content type. */
export function postForm(path: string, form: FormData, sender: Sender = {}): NextRequest {
  return new NextRequest(`${ORIGIN}${path}`, { method: "POST", headers: headersOf(sender), body: form });
}

/** A POST without a body to `path`. */
export function postEmpty(path: string, sender: Sender = {}): NextRequest {
  return new NextRequest(`${ORIGIN}${path}`, { method: "POST", headers: headersOf(sender) });
}

/** A form holding one CSV file under `field`, and any plain fields after it. */
export function csvForm(file: { name: string; text: string } | null, fields: Record<string, string> = {}, field = "file"): FormData {
  const form = new FormData();
  if (file) form.append(field, new Blob([file.text], { type: "text/csv" }), file.name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

/** The second argument Next passes a handler of a dynamic route. */
export function routeContext<P extends Record<string, string>>(params: P): { params: Promise<P> } {
  return { params: Promise.resolve(params) };
}

/** A response's status and the `message` of its JSON body: `[403, "请求来源无效"]`. */
export async function statusAndMessage(res: Response): Promise<readonly [number, string]> {
  return [res.status, (await res.json()).message] as const;
}

/**
 * Session tokens of new users with these roles, made before the tests of the enclosing block (inside a
 * `describeOnEachEngine`, so on each engine's database); read them inside a test.
 */
export function sessionTokens<R extends Role>(...roles: R[]): Record<R, string> {
  const tokens = {} as Record<R, string>;
  beforeAll(async () => {
    for (const role of roles) tokens[role] = (await userWithRole(role)).token;
  });
  return tokens;
}

/**
 * A data directory of the test file's own (outbox, avatars, …), removed after its tests. Call at the top of the file,
 * before the first request: lib/config reads DATA_DIR once.
 */
export function temporaryDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env.DATA_DIR = dir;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
