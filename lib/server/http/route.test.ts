import { NextRequest } from "next/server";
import { z } from "zod";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { RoleRefusedError } from "@/lib/server/auth/roles";
import { createSession } from "@/lib/server/auth/sessions";
import { logger } from "@/lib/server/logger";
import { createUser } from "@/lib/server/members/users";
import { AppError, rateLimited } from "./app-error";
import { route, ROUTE_SPEC } from "./route";

process.env.LOG_LEVEL = "silent";
const ORIGIN = "http://localhost:3000";

interface Call {
  method?: string;
  token?: string;
  origin?: string | null;
  body?: BodyInit;
  headers?: Record<string, string>;
  search?: string;
  params?: Record<string, string>;
}

function call(handler: ReturnType<typeof route>, { method = "POST", token, origin = ORIGIN, body, headers = {}, search = "", params = {} }: Call = {}) {
  const all: Record<string, string> = { "content-type": "application/json", ...headers };
  if (origin) all.origin = origin;
  if (token) all.cookie = `token=${token}`;
  const init = { method, headers: all, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as ConstructorParameters<typeof NextRequest>[1];
  return handler(new NextRequest(`${ORIGIN}/api/test${search}`, init), { params: Promise.resolve(params) });
}

const answer = async (res: Response) => [res.status, await res.json()] as const;

describeOnEachEngine("route()", (engine) => {
  let member = "";
  let editor = "";
  let admin = "";
  beforeAll(async () => {
    const session = async (role: "member" | "editor" | "admin") =>
      (await createSession((await createUser({ email: `route-${role}-${engine}@example.com`, role })).id)).token;
    [member, editor, admin] = [await session("member"), await session("editor"), await session("admin")];
  });

  it("refuses a foreign or null origin on state-changing methods only, and not where the route opts out", async () => {
    const handler = route({ name: "t", auth: "visitor" }, async () => ({ ok: true }));
    expect(await answer(await call(handler, { origin: "https://evil.example" }))).toEqual([403, { message: "请求来源无效" }]);
    expect((await call(handler, { origin: "null" })).status).toBe(403);
    expect((await call(handler, { method: "DELETE", origin: "https://evil.example" })).status).toBe(403);
    expect(await answer(await call(handler, { method: "GET", origin: "https://evil.example" }))).toEqual([200, { ok: true }]);
    const webhook = route({ name: "t", auth: "visitor", sameOrigin: false, body: "text" }, async ({ body }) => ({ body }));
    expect(await answer(await call(webhook, { origin: null, body: "signed" }))).toEqual([200, { body: "signed" }]);
    expect(handler[ROUTE_SPEC]).toMatchObject({ auth: "visitor" });
  });

  it("answers 401 without a live session and 403 without the role; passes the viewer and session on", async () => {
    const echo = (auth: "member" | "editor" | "admin") =>
      route({ name: "t", auth }, async ({ viewer, session }) => ({ role: viewer.role, sameToken: session.viewer.userId === viewer.userId }));
    for (const auth of ["member", "editor", "admin"] as const) {
      expect(await answer(await call(echo(auth)))).toEqual([401, { message: "请先登录" }]);
      expect(await answer(await call(echo(auth), { token: "forged" }))).toEqual([401, { message: "请先登录" }]);
    }
    expect(await answer(await call(echo("member"), { token: member }))).toEqual([200, { role: "member", sameToken: true }]);
    expect(await answer(await call(echo("editor"), { token: member }))).toEqual([403, { message: "没有权限" }]);
    expect(await answer(await call(echo("editor"), { token: editor }))).toEqual([200, { role: "editor", sameToken: true }]);
    expect(await answer(await call(echo("admin"), { token: editor }))).toEqual([403, { message: "没有权限" }]);
    expect((await call(echo("admin"), { token: admin })).status).toBe(200);

    const visitor = route({ name: "t", auth: "visitor" }, async ({ viewer }) => ({ who: viewer?.role ?? null }));
    expect(await answer(await call(visitor))).toEqual([200, { who: null }]);
    expect(await answer(await call(visitor, { token: member }))).toEqual([200, { who: "member" }]);
    const blind = route({ name: "t", auth: "visitor", session: false }, async ({ viewer }) => ({ who: viewer?.role ?? null }));
    expect(await answer(await call(blind, { token: member }))).toEqual([200, { who: null }]);
  });

  it("answers 404 with the schema's message for params it refuses, before reading the body", async () => {
    const handler = route(
      { name: "t", auth: "visitor", params: z.object({ id: z.string().regex(/^\d+$/, "文章不存在") }), body: z.object({ x: z.number() }) },
      async ({ params }) => ({ id: params.id }),
    );
    expect(await answer(await call(handler, { params: { id: "abc" }, body: "{}" }))).toEqual([404, { message: "文章不存在" }]);
    expect(await answer(await call(handler, { params: { id: "7" }, body: '{"x":1}' }))).toEqual([200, { id: "7" }]);
  });

  it("answers 400 with Chinese messages for a query or body the schema refuses, or the route's own wording", async () => {
    const query = route({ name: "t", auth: "visitor", query: z.object({ page: z.coerce.number().int().min(1) }) }, async ({ query }) => query);
    expect(await answer(await call(query, { method: "GET", search: "?page=2" }))).toEqual([200, { page: 2 }]);
    const [status, body] = await answer(await call(query, { method: "GET", search: "?page=0" }));
    expect(status).toBe(400);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(body.message).not.toMatch(/[A-Za-z]{2,}/);

    const schema = z.object({ name: z.string().min(1, "请输入名字"), age: z.number() });
    const own = route({ name: "t", auth: "visitor", body: schema }, async ({ body }) => body);
    expect(await answer(await call(own, { body: '{"name":"","age":1}' }))).toEqual([400, { message: "请输入名字" }]);
    const mapped = await answer(await call(own, { body: '{"name":"x","age":"old"}' }));
    expect(mapped[0]).toBe(400);
    expect(mapped[1].message).toMatch(/[\u4e00-\u9fff]/);
    expect(mapped[1].message).not.toMatch(/[A-Za-z]{2,}/);
    expect((await call(own, { body: "not json" })).status).toBe(400);

    const worded = route({ name: "t", auth: "visitor", body: schema, invalidMessage: (raw) => (raw === null ? "请求内容无效" : "请填写资料") }, async () => ({}));
    expect(await answer(await call(worded, { body: "not json" }))).toEqual([400, { message: "请求内容无效" }]);
    expect(await answer(await call(worded, { body: "{}" }))).toEqual([400, { message: "请填写资料" }]);
  });

  it("answers 413 on a declared length over the limit before reading, and stops reading a chunked body at it", async () => {
    let handled = 0;
    const handler = route({ name: "t", auth: "visitor", body: "text", maxBytes: 1024 }, async () => ({ handled: ++handled }));
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 512;
        if (pulled > 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(512));
      },
    });
    const declared = await call(handler, { body: endless, headers: { "content-length": "4096" } });
    expect(await answer(declared)).toEqual([413, { message: "请求内容过大，最大 1 KB" }]);
    expect(pulled).toBeLessThanOrEqual(512 * 4);
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(512));
      },
    });
    expect((await call(handler, { body: chunked })).status).toBe(413);
    const stream = route({ name: "t", auth: "visitor", body: "stream", maxBytes: 10, tooLargeMessage: "文件太大" }, async () => ({ handled: ++handled }));
    expect(await answer(await call(stream, { body: "x".repeat(20), headers: { "content-length": "20" } }))).toEqual([413, { message: "文件太大" }]);
    expect(handled).toBe(0);
  });

  it("maps a thrown AppError to its status, headers and message, and RoleRefusedError to 403", async () => {
    const throwing = (err: unknown) => route({ name: "t", auth: "visitor" }, async () => {
      throw err;
    });
    expect(await answer(await call(throwing(new AppError("not_found", "订单不存在"))))).toEqual([404, { message: "订单不存在" }]);
    expect(await answer(await call(throwing(new AppError("conflict", "已公开", undefined, { field: "status" }))))).toEqual([409, { message: "已公开", field: "status" }]);
    const limited = await call(throwing(rateLimited("请 1 分钟后再试", 42.2)));
    expect(await answer(limited)).toEqual([429, { message: "请 1 分钟后再试" }]);
    expect(limited.headers.get("retry-after")).toBe("43");
    expect(await answer(await call(throwing(new RoleRefusedError("admin"))))).toEqual([403, { message: "访问被拒绝" }]);
  });

  it("answers any other error 500 without details and logs it under the route's name", async () => {
    const error = jest.spyOn(logger(), "error").mockImplementation(() => undefined);
    try {
      const handler = route({ name: "secret work", auth: "visitor" }, async () => {
        throw new Error("connection string postgres://user:pw@db");
      });
      expect(await answer(await call(handler))).toEqual([500, { message: "服务器内部错误，请稍后再试" }]);
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), "secret work failed");
    } finally {
      error.mockRestore();
    }
  });

  it("runs `before` after the session and ahead of the body, and adds the refusal headers to refusals only", async () => {
    let reads = 0;
    const handler = route(
      {
        name: "t",
        auth: "visitor",
        before: async () => {
          if (++reads > 1) throw rateLimited("太频繁", 5);
        },
        body: z.object({ q: z.string() }),
        refusalHeaders: { "Cache-Control": "no-store" },
      },
      async ({ body }) => Response.json(body, { headers: { "Cache-Control": "public, max-age=30" } }),
    );
    const ok = await call(handler, { body: '{"q":"a"}' });
    expect([ok.status, ok.headers.get("cache-control")]).toEqual([200, "public, max-age=30"]);
    const refused = await call(handler, { body: "not json" });
    expect([refused.status, refused.headers.get("cache-control"), refused.headers.get("retry-after")]).toEqual([429, "no-store", "5"]);
  });
});
