import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { config } from "@/lib/config";
import { useDatabaseForTests } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/client";
import { openTestDatabase } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { createSession } from "@/lib/server/auth/sessions";
import { createUser } from "@/lib/server/members/users";
import { createStrategyKey } from "@/lib/server/quant/api-keys";
import { createStrategy } from "@/lib/server/quant/strategies-admin";
import { createMaster } from "@/lib/server/statements/masters-admin";

/**
 * Every route handler under app/api, found by walking the folder (so a new route cannot be forgotten), and what it
 * takes to reach the point where a handler reads its body: an administrator's session (who may do everything), a
 * strategy with an ingest key, a master, a fresh client address per request (rate limits count per address).
 */

export const API_DIR = path.join(process.cwd(), "app", "api");
export const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export type BodyMethod = (typeof BODY_METHODS)[number];
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Every route file (`route.ts`, or whatever `name` matches) below `dir`, found by walking the folder. */
export function routeFiles(dir: string, name: RegExp = /^route\.ts$/): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full, name);
    return name.test(entry.name) ? [full] : [];
  });
}

/** The folder of a route file below `dir`, with forward slashes: `admin/traders/[guid]/statements`. */
export function routeOf(dir: string, file: string): string {
  return path.relative(dir, path.dirname(file)).split(path.sep).join("/");
}

export interface RouteHandler {
  /** e.g. `admin/traders/[guid]/statements` */
  route: string;
  file: string;
  method: BodyMethod;
  handler: Handler;
}

/** Every exported handler of a method that carries a body, in every app/api/**\/route.ts. */
export function bodyHandlers(): RouteHandler[] {
  return routeFiles(API_DIR)
    .sort()
    .flatMap((file) => {
      const route = routeOf(API_DIR, file);
      // The module's real exports (importing touches no database), so no way of exporting a handler escapes the walk.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by path, as the *.test.ts files may
      const mod = require(file) as Record<string, unknown>;
      return BODY_METHODS.filter((m) => typeof mod[m] === "function").map((method) => ({ route, file, method, handler: mod[method] as Handler }));
    });
}

export interface Fixtures {
  cookie: string;
  strategyGuid: string;
  strategyKey: string;
  masterGuid: string;
}

/** An administrator's session, a strategy with a key and a master, in the database the test opened. */
export async function makeFixtures(tag: string): Promise<Fixtures> {
  const admin = await createUser({ email: `${tag}-admin@example.com`, role: "admin" });
  const cookie = `token=${(await createSession(admin.id)).token}`;
  const strategy = await createStrategy(OPERATOR, { name: `${tag} 策略`, author: "测试", status: "live", startDate: "2024-01-02" });
  const key = await createStrategyKey(OPERATOR, strategy.guid);
  const master = await createMaster(OPERATOR, { name: `${tag} 大神` });
  return { cookie, strategyGuid: strategy.guid, strategyKey: key!.key, masterGuid: master.guid };
}

/**
 * Gives the test file an in-memory PGlite with the fixtures (opened before its tests, closed after them); `before` runs
 * first (e.g. start-up's registrations). Call the answer inside a test, once the fixtures exist.
 */
export function routeWalkDatabase(tag: string, before?: () => unknown): () => Fixtures {
  let handle: DatabaseHandle | undefined;
  let fixtures: Fixtures | undefined;
  beforeAll(async () => {
    await before?.();
    handle = await openTestDatabase("pglite");
    useDatabaseForTests(handle);
    fixtures = await makeFixtures(tag);
  }, 60_000);
  afterAll(async () => {
    useDatabaseForTests(null);
    await handle?.close();
  });
  return () => fixtures!;
}

const OTHER_GUID = "6f1c1f3e-8f0d-4c1e-9a57-3d2b1a0e9c11";

/** Values for the dynamic segments that get a handler past its checks of them to the body. */
export function paramsOf(route: string, f: Fixtures): Record<string, string> {
  const names = [...route.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map(([, name]) => name!);
  return Object.fromEntries(
    names.map((name) => {
      if (name === "file") return [name, "0123456789abcdef0123456789abcdef.png"];
      if (name === "guid") return [name, route.startsWith("admin/traders") || route.startsWith("train/") ? f.masterGuid : f.strategyGuid];
      // a drill's address (a master's day and stock): real-looking, so the route reads its body
      if (name === "date") return [name, "2024-05-06"];
      if (name === "symbol") return [name, "600519"];
      return [name, OTHER_GUID];
    }),
  );
}

let ipCounter = 0;
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

/** The uploads read multipart bodies; everything else reads JSON. */
export const MULTIPART_ROUTES = new Set(["statements", "statements/preview", "admin/traders/[guid]/statements", "admin/traders/bulk", "admin/strategies/[guid]/fills", "admin/strategies/[guid]/nav", "user/avatar"]);

/** A same-origin request from the administrator's browser (and with the strategy's key, for the ingest routes). */
export function requestFor(
  r: RouteHandler,
  f: Fixtures,
  body: BodyInit | null,
  headers: Record<string, string> = {},
): { req: NextRequest; ctx: { params: Promise<Record<string, string>> } } {
  const params = paramsOf(r.route, f);
  const origin = new URL(config().siteUrl).origin;
  const url = `${origin}/api/${r.route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_m, name: string) => params[name]!)}`;
  const contentType = MULTIPART_ROUTES.has(r.route) ? "multipart/form-data; boundary=----route-walk" : "application/json";
  const req = new NextRequest(url, {
    method: r.method,
    headers: {
      origin,
      cookie: f.cookie,
      authorization: `Bearer ${f.strategyKey}`,
      "content-type": contentType,
      "x-lianghua-peer": freshIp(),
      ...headers,
    },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as ConstructorParameters<typeof NextRequest>[1]);
  return { req, ctx: { params: Promise.resolve({ ...params }) } };
}

/** Every `message` string anywhere in a JSON answer (`{message}`, `{errors: [{message}]}`, …). */
export function messagesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(messagesIn);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => (k === "message" && typeof v === "string" ? [v] : messagesIn(v)));
  }
  return [];
}

/**
 * Latin words a Chinese message may contain: product and format names a Chinese reader sees as they are. Anything
 * else of two or more Latin letters in a row counts as English.
 */
export const LATIN_ALLOWED = [
  "VIP", "SVIP", "RSS", "ID", "URL", "Stripe", "CSV", "csv", "txt", "xlsx", "xls", "Excel", "WPS", "PDF",
  "JPEG", "PNG", "WebP", "JSON", "KB", "MB", "UTF", "YYYY", "MM", "DD", "SH", "SZ", "IP",
];

/** The English words of a message (none for a Chinese one): runs of ≥ 2 Latin letters not on the allow-list. */
export function englishIn(message: string, alsoAllowed: readonly string[] = []): string[] {
  return (message.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !LATIN_ALLOWED.includes(word) && !alsoAllowed.includes(word));
}

/** A Chinese message: at least one Han character and no English word. */
export function isChineseMessage(message: string, alsoAllowed: readonly string[] = []): boolean {
  return /\p{Script=Han}/u.test(message) && englishIn(message, alsoAllowed).length === 0;
}

/**
 * The machine ingest endpoints answer programs in both languages on purpose (lib/domain/quant/ingest-schema.ts,
 * ADR 0010): `中文 / English`. Their Chinese half must stand alone; the English half after " / " is allowed.
 */
export const BILINGUAL_ROUTES = new Set(["quant/strategies/[guid]/signals", "quant/strategies/[guid]/nav", "quant/strategies/[guid]/fills"]);

/** The ingest API's documented field names, which its Chinese half names as they are spelled in the JSON. */
const INGEST_FIELDS = ["body", "fills", "points", "signals", "id", "date", "time", "code", "name", "side", "quantity", "price", "nav", "weight", "note"];

/** Whether a route's message is Chinese by the rule above (the Chinese half, for the bilingual routes). */
export function isChineseMessageOf(route: string, message: string): boolean {
  if (!BILINGUAL_ROUTES.has(route)) return isChineseMessage(message);
  return isChineseMessage(message.split(" / ")[0] ?? "", INGEST_FIELDS);
}
