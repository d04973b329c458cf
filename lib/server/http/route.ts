import "server-only";
import { NextRequest, NextResponse } from "next/server";
import type { z } from "zod";
import { config } from "@/lib/config";
import { chineseErrorMap } from "@/lib/domain/validation-messages";
import { sessionOfRequest, requestToken, type RequestSession } from "@/lib/server/auth/request-session";
import { RoleRefusedError, hasAdminRights, hasEditorRights } from "@/lib/server/auth/roles";
import { viewerForToken, type Viewer } from "@/lib/server/auth/viewer";
import { refreshPageStamp } from "@/lib/server/cache/page-stamp";
import { logger } from "@/lib/server/logger";
import { JSON_BODY_LIMIT, bodyTooLargeMessage, declaresMoreThan, readJsonBody, readTextBody } from "@/lib/server/request-body";
import { RequestCancelledError } from "@/lib/server/request-deadline";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { AppError } from "./app-error";
import { fail } from "./fail";

/**
 * The one wrapper every route handler is written with (issue 25, ADR 0049). In order: the origin check for
 * state-changing methods (P14), the session and role the route needs, the route params, the query string, the body
 * (read up to `maxBytes`, parsed by its zod schema with the app's Chinese messages), then the handler. A thrown
 * `AppError` becomes its status and `{message}`; a refused role 403; anything else is logged under the route's name
 * and answered 500 without details.
 */
export type RouteAuth = "visitor" | "member" | "editor" | "admin";

/** Every handler made by `route()` carries its spec here, so tests can walk the handlers and see how each is guarded. */
export const ROUTE_SPEC = Symbol.for("lianghua.routeSpec");

type Schema = z.ZodType;
/** `"text"`: the raw body as text (a signed webhook); `"stream"`: left unread for the handler (multipart uploads). */
type BodySpec = Schema | "text" | "stream" | undefined;

type BodyOf<B> = B extends Schema ? z.infer<B> : B extends "text" ? string : undefined;
type Parsed<S> = S extends Schema ? z.infer<S> : undefined;

/** Null only for `auth: "visitor"` without a live session. */
type ViewerOf<A extends RouteAuth> = A extends "visitor" ? Viewer | null : Viewer;

export interface RouteSpec<A extends RouteAuth, B extends BodySpec, Q extends Schema | undefined, P extends Schema | undefined> {
  /** Names the route in logs, e.g. "master change". */
  name: string;
  auth: A;
  body?: B;
  query?: Q;
  /** Route params; a failure answers 404 with the schema's message (the thing named does not exist). */
  params?: P;
  /** Largest body read, in bytes (JSON_BODY_LIMIT by default); checked on Content-Length before anything is read. */
  maxBytes?: number;
  /** The 413 message, when the route words its own. */
  tooLargeMessage?: string;
  /** The 403 message for a viewer without the role, when the route words its own ("没有权限" otherwise). */
  forbiddenMessage?: string;
  /**
   * false only where the browser's cookies are not the credential and the caller is not a browser: Stripe's signed
   * webhook, the strategies' Bearer-key ingest. The origin-guard test lists these.
   */
  sameOrigin?: boolean;
  /** A route's own error map (field-specific messages); the app's Chinese map otherwise. */
  errorMap?: z.core.$ZodErrorMap;
  /**
   * The one 400 message for a body or query the schema refuses, when the route words it as a whole ("请输入账号和密码")
   * instead of by the first issue; a function gets the raw input (e.g. to word it by the step it names).
   */
  invalidMessage?: string | ((raw: unknown) => string);
  /**
   * false for visitor routes that never look at who is asking (health, feeds, public files): no session is read, so
   * they answer without touching the sessions table and `viewer` is always null.
   */
  session?: boolean;
  /**
   * Runs after the session and before params, query and body are read: a rate limit that must count refused inputs
   * too. Returns a Response to answer with it, or throws an AppError.
   */
  before?: (ctx: { req: NextRequest; viewer: ViewerOf<A> }) => Promise<Response | void>;
  /** Headers every refusal of this route carries (e.g. `Cache-Control: no-store` where successes are cacheable). */
  refusalHeaders?: Record<string, string>;
}

export interface RouteContext<A extends RouteAuth, B extends BodySpec, Q extends Schema | undefined, P extends Schema | undefined> {
  req: NextRequest;
  viewer: ViewerOf<A>;
  /** The live session behind the viewer (its token and end), for routes that refresh cookies; null for visitors. */
  session: A extends "visitor" ? null : RequestSession;
  body: BodyOf<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
}

/**
 * Both arguments are optional as Next allows (`GET()` for a feed, no context without segments); a call without a
 * request reads as a plain GET of the site's root.
 */
type NextHandler = (req?: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => Promise<NextResponse>;

/** Handlers may answer a plain Response (a stream, a feed); callers and tests get a NextResponse either way. */
function asNextResponse(res: Response): NextResponse {
  return res instanceof NextResponse ? res : new NextResponse(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function firstMessage(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}

function invalidInput(spec: { invalidMessage?: string | ((raw: unknown) => string) }, raw: unknown, error: z.ZodError): NextResponse {
  const own = typeof spec.invalidMessage === "function" ? spec.invalidMessage(raw) : spec.invalidMessage;
  return fail(400, own ?? firstMessage(error, "参数无效"));
}

/** The answer to an error thrown by the handler or the data layer. */
export function errorResponse(name: string, err: unknown): NextResponse {
  if (err instanceof AppError) return NextResponse.json({ message: err.message, ...err.details }, { status: err.status, headers: err.headers });
  if (err instanceof RoleRefusedError) return fail(403, "访问被拒绝");
  // The request-deadline module answers a cancelled request 503 itself; rethrowing keeps its log line and digest.
  if (err instanceof RequestCancelledError) throw err;
  logger().error({ err }, `${name} failed`);
  return fail(500, "服务器内部错误，请稍后再试");
}

export function route<A extends RouteAuth, B extends BodySpec = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
  spec: RouteSpec<A, B, Q, P>,
  handler: (ctx: RouteContext<A, B, Q, P>) => Promise<Response | object>,
): NextHandler & { [ROUTE_SPEC]: RouteSpec<A, B, Q, P> } {
  const limit = spec.maxBytes ?? JSON_BODY_LIMIT;
  const tooLarge = spec.tooLargeMessage ?? bodyTooLargeMessage(limit);
  const error = spec.errorMap ?? chineseErrorMap;
  const answer: NextHandler = async (raw, ctx) => {
    const req = raw instanceof NextRequest ? raw : new NextRequest(raw ?? new URL("/", config().siteUrl));
    if (spec.sameOrigin !== false && MUTATING.has(req.method) && !isSameOrigin(req.headers)) return fail(403, "请求来源无效");
    try {
      let viewer: Viewer | null = null;
      let session: RequestSession | null = null;
      if (spec.auth === "visitor") {
        if (spec.session !== false) viewer = await viewerForToken(requestToken(req));
      } else {
        session = await sessionOfRequest(req);
        if (!session) return fail(401, "请先登录");
        viewer = session.viewer;
        const forbidden = spec.forbiddenMessage ?? "没有权限";
        if (spec.auth === "editor" && !hasEditorRights(viewer)) return fail(403, forbidden);
        if (spec.auth === "admin" && !hasAdminRights(viewer)) return fail(403, forbidden);
      }

      if (spec.before) {
        const early = await spec.before({ req, viewer: viewer as ViewerOf<A> });
        if (early) return asNextResponse(early);
      }

      let params: unknown = undefined;
      if (spec.params) {
        const parsed = spec.params.safeParse((await ctx?.params) ?? {}, { error });
        if (!parsed.success) return fail(404, firstMessage(parsed.error, "页面不存在"));
        params = parsed.data;
      }

      let query: unknown = undefined;
      if (spec.query) {
        const raw = Object.fromEntries(req.nextUrl.searchParams);
        const parsed = spec.query.safeParse(raw, { error });
        if (!parsed.success) return invalidInput(spec, raw, parsed.error);
        query = parsed.data;
      }

      let body: unknown = undefined;
      if (spec.body === "stream") {
        if (declaresMoreThan(req, limit)) return fail(413, tooLarge);
      } else if (spec.body === "text") {
        const text = await readTextBody(req, limit, tooLarge);
        if (!text.ok) return text.refusal;
        body = text.value;
      } else if (spec.body) {
        const json = await readJsonBody(req, limit, tooLarge);
        if (!json.ok) return json.refusal;
        const parsed = spec.body.safeParse(json.value, { error });
        if (!parsed.success) return invalidInput(spec, json.value, parsed.error);
        body = parsed.data;
      }

      const result = await handler({ req, viewer, session, body, query, params } as RouteContext<A, B, Q, P>);
      return result instanceof Response ? asNextResponse(result) : NextResponse.json(result);
    } catch (err) {
      return errorResponse(spec.name, err);
    }
  };
  const refusalHeaders = Object.entries(spec.refusalHeaders ?? {});
  const handle: NextHandler = async (req, ctx) => {
    const res = await answer(req, ctx);
    // A change made here is in the cached pages' stamp before its answer leaves: no page cached before it follows it.
    if (res.status < 400 && req && MUTATING.has(req.method)) await refreshPageStamp();
    if (res.status >= 400) for (const [name, value] of refusalHeaders) if (!res.headers.has(name)) res.headers.set(name, value);
    return res;
  };
  return Object.assign(handle, { [ROUTE_SPEC]: spec });
}
