import { count, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { statements, strategyFills, strategyNav } from "@/lib/db/schema";
import { buildFixtures } from "@/lib/domain/statements/fixtures/build";
import { uploadLabel } from "@/lib/domain/upload-files";
import { bodyHandlers, isChineseMessage, requestFor, routeWalkDatabase } from "./route-walk.test-support";

/**
 * Issue 20 point 6 (ADR 0025): an upload whose bytes are not a statement (or, for a strategy's CSV, not text) gets
 * 415 with a Chinese message whatever its name, and nothing is stored; the client's file name is kept only as a
 * cleaned label.
 */
process.env.LOG_LEVEL = "silent";

const bytesOf = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? Array.from(new TextEncoder().encode(p)) : p)));
const EXE = bytesOf("MZ", [0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0, 0, 0xff, 0xff], "This program cannot be run in DOS mode.\r\r\n$", [0, 0, 0, 0], "PE", [0, 0]);
const PNG = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);
const DISGUISED = [
  [EXE, "交割单.csv"],
  [EXE, "交割单.xlsx"],
  [PNG, "交割单.csv"],
  [PNG, "交割单.xlsx"],
  [PNG, "nav.txt"],
] as const;

const UPLOADS = ["statements/preview", "statements", "admin/traders/[guid]/statements", "admin/strategies/[guid]/fills", "admin/strategies/[guid]/nav"];

async function multipart(bytes: Uint8Array, fileName: string, fields: Record<string, string> = {}): Promise<{ body: Uint8Array; contentType: string }> {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type: "text/csv" }), fileName);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request("http://x/", { method: "POST", body: form });
  return { body: new Uint8Array(await req.arrayBuffer()), contentType: req.headers.get("content-type")! };
}

const handlerOf = (route: string) => bodyHandlers().find((r) => r.route === route)!;

async function upload(route: string, bytes: Uint8Array, fileName: string, fields?: Record<string, string>) {
  const { body, contentType } = await multipart(bytes, fileName, fields);
  const r = handlerOf(route);
  const { req, ctx } = requestFor(r, fixtures(), body as BodyInit, { "content-type": contentType });
  const res = await r.handler(req, ctx);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function storedRows(): Promise<number> {
  const d = await db();
  const [s] = await d.select({ n: count() }).from(statements);
  const [n] = await d.select({ n: count() }).from(strategyNav).where(eq(strategyNav.strategyGuid, fixtures().strategyGuid));
  const [f] = await d.select({ n: count() }).from(strategyFills).where(eq(strategyFills.strategyGuid, fixtures().strategyGuid));
  return s!.n + n!.n + f!.n;
}

const fixtures = routeWalkDatabase("upload-sniffing");

describe("uploads are judged by their bytes (issue 20 point 6)", () => {
  it.each(UPLOADS.flatMap((route) => DISGUISED.map(([bytes, name]) => [route, bytes === EXE ? "an EXE" : "a PNG", name, bytes] as const)))(
    "POST /api/%s: %s named %s is a 415 in Chinese, and nothing is stored",
    async (route, _what, name, bytes) => {
      const before = await storedRows();
      const answer = await upload(route, bytes, name);
      expect(answer.status).toBe(415);
      const message = String(answer.json.message);
      expect([message, isChineseMessage(message)]).toEqual([message, true]);
      expect(await storedRows()).toBe(before);
    },
  );

  it("real files still go through: a statement previewed, saved by a member and by an editor; a NAV CSV imported", async () => {
    const good = buildFixtures()[0]!;
    expect((await upload("statements/preview", good.bytes, good.name)).status).toBe(200);
    expect((await upload("statements", good.bytes, good.name)).status).toBe(200);
    expect((await upload("admin/traders/[guid]/statements", good.bytes, good.name)).status).toBe(200);
    const nav = new TextEncoder().encode("date,nav\n2024-01-02,1.0000\n2024-01-03,1.0100\n");
    expect((await upload("admin/strategies/[guid]/nav", nav, "nav.csv")).status).toBe(200);
  });

  it("a client's file name is never a path: it is stored and shown as a cleaned label only", async () => {
    const good = buildFixtures()[1]!;
    const hostile = `../../../../etc/${"长".repeat(150)}\u202Egpj.csv\r\n`;
    const preview = await upload("statements/preview", good.bytes, hostile);
    expect(preview.status).toBe(200);
    const label = uploadLabel(hostile, "交割单");
    expect(label).not.toMatch(/[/\\\r\n\u202e]/);
    expect((preview.json.preview as { fileName: string }).fileName).toBe(label);
    expect((await upload("statements", good.bytes, hostile)).status).toBe(200);
    const [row] = await (await db()).select({ fileName: statements.fileName }).from(statements).where(eq(statements.fileName, label));
    expect(row?.fileName).toBe(label);
  });
});
