import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { z } from "zod";
import { register } from "@/instrumentation";
import { chineseErrorMap } from "@/lib/domain/validation-messages";
import { bodyHandlers, englishIn, isChineseMessageOf, messagesIn, requestFor, routeWalkDatabase, type RouteHandler } from "./route-walk.test-support";

/**
 * Issue 20 point 6 (ADR 0025): garbage bodies to every route handler that takes one — wrong types, missing fields,
 * arrays, strings, null, huge numbers, unknown enums, and each branch of a discriminated body — get messages with no
 * English in them. The handlers are found by walking app/api; each is called with an administrator's session (who
 * passes every role check), so validation is reached. The map is installed the way the server installs it, by
 * instrumentation.ts's register().
 *
 * "No English": a message has at least one Han character and no run of two or more Latin letters other than the
 * allow-list in route-walk.test-support.ts (VIP, SVIP, RSS, ID, URL, Stripe, file-format names, units). The machine
 * ingest endpoints answer `中文 / English` by design; their Chinese half is checked.
 */
process.env.LOG_LEVEL = "silent";

/** Handlers that answer refusals without a message on purpose. */
const SILENT: Record<string, string> = {
  "Logs/Insert": "P18: front-end error reports are answered 204/400/413 without echoing anything (the reporter ignores answers)",
};

/** Handlers whose answers nobody reads in the product, or that take no body. Each must exist and say why. */
const EXEMPT: Record<string, string> = {
  "stripe/webhook": "answers Stripe's servers, not a person; its messages are for the webhook log in Stripe's dashboard",
  "auth/logout": "takes no body (and would end the session the test uses)",
  "articles/[id]/like": "takes no body",
  "admin/market/sync": "takes no body",
};

const SOURCE_ROOT = process.cwd();

/** The route's source and the app modules it imports, two levels deep: where its schemas are. */
function sourcesOf(file: string, depth = 2, seen = new Set<string>()): string {
  if (seen.has(file)) return "";
  seen.add(file);
  const own = fs.readFileSync(file, "utf8");
  if (depth === 0) return own;
  const imported = [...own.matchAll(/from "(?:@\/(lib\/[^"]+)|\.\/([^"]+))"/g)].flatMap(([, mod, sibling]) => {
    const candidate = mod ? path.join(SOURCE_ROOT, `${mod}.ts`) : path.join(path.dirname(file), `${sibling}.ts`);
    return fs.existsSync(candidate) ? [sourcesOf(candidate, depth - 1, seen)] : [];
  });
  return [own, ...imported].join("\n");
}

interface Vocabulary {
  keys: string[];
  discriminators: string[];
  literals: string[];
}

/** Field names, discriminator fields and literal values as the schemas in the sources spell them. */
function vocabularyOf(source: string): Vocabulary {
  const keys = new Set([...source.matchAll(/(\w+)\??:\s*(?:z\.|[A-Z]\w*[.,\s])/g)].map(([, k]) => k!));
  const discriminators = new Set([
    ...[...source.matchAll(/(\w+):\s*z\.literal\(/g)].map(([, k]) => k!),
    ...[...source.matchAll(/z\.discriminatedUnion\(\s*"(\w+)"/g)].map(([, k]) => k!),
  ]);
  const literals = new Set([
    ...[...source.matchAll(/z\.literal\("([^"]+)"\)/g)].map(([, v]) => v!),
    ...[...source.matchAll(/z\.enum\(\[([^\]]+)\]/g)].flatMap(([, list]) => [...list!.matchAll(/"([^"]+)"/g)].map(([, v]) => v!)),
  ]);
  return { keys: [...keys], discriminators: [...discriminators], literals: [...literals] };
}

const GARBAGE: unknown[] = [
  null, "", "x", "这不是数字", "a".repeat(5000), 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, true, false, [], [1, "a", null], {}, { nested: [1] },
  "2026-13-45", "not-a-guid", "unknown-enum-value",
];

const TOP_LEVEL: (string | null)[] = ["null", "[]", "[1,2,3]", '"a string"', "42", "1e308", "true", "{}", '{"unknown":"x"}', "not json", ""];

/** Garbage bodies for one route: top-level garbage, each discriminated branch with wrong fields, random objects. */
function garbageBodies(v: Vocabulary, seed: number): string[] {
  const bodies: string[] = [...(TOP_LEVEL as string[])];
  const branches: [string | null, string | null][] = [[null, null]];
  for (const d of v.discriminators) for (const l of v.literals) branches.push([d, l]);
  branches.forEach(([d, l], b) => {
    for (let variant = 0; variant < 3; variant += 1) {
      const body: Record<string, unknown> = {};
      v.keys.forEach((k, i) => {
        if ((i + variant) % 4 !== 3) body[k] = GARBAGE[(i * 7 + b + variant * 5) % GARBAGE.length];
      });
      if (d) body[d] = l;
      bodies.push(JSON.stringify(body));
    }
    if (d) bodies.push(JSON.stringify({ [d]: l }));
  });
  const value = fc.oneof(fc.constantFrom(...GARBAGE), fc.constantFrom(...(v.literals.length ? v.literals : ["x"])), fc.jsonValue({ maxDepth: 2 }));
  const objects = fc.sample(fc.dictionary(fc.constantFrom(...(v.keys.length ? v.keys : ["x"])), value, { maxKeys: 8 }), { numRuns: 12, seed });
  return [...bodies, ...objects.map((o) => JSON.stringify(o))];
}

const routes = bodyHandlers().filter((r) => !(r.route in EXEMPT));

const fixtures = routeWalkDatabase("validation-language", register);

describe("every validation message is Chinese (issue 20 point 6)", () => {
  it("start-up installs the Chinese error map as zod's default", () => {
    expect(z.config().localeError).toBe(chineseErrorMap);
  });

  it("finds the route handlers, and every exemption names one that exists", () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const route of [...Object.keys(EXEMPT), ...Object.keys(SILENT)]) expect([route, bodyHandlers().some((r) => r.route === route)]).toEqual([route, true]);
  });

  it.each(routes.map((r, i) => [`${r.method} /api/${r.route}`, r, i] as const))(
    "%s: garbage bodies get Chinese messages only, and never a 500",
    async (_name, r: RouteHandler, i) => {
      const bodies = garbageBodies(vocabularyOf(sourcesOf(r.file)), 2000 + i);
      const english: string[] = [];
      const failures: string[] = [];
      let answered = 0;
      for (const body of bodies) {
        const { req, ctx } = requestFor(r, fixtures(), body);
        const res = await r.handler(req, ctx);
        // 503 (payments not configured here) is an honest answer; a 500 means the garbage crashed the handler.
        if (res.status === 500) failures.push(`${res.status} for ${body.slice(0, 120)}`);
        // A success may echo what was saved (已创建大神“…”); the refusals are what must be Chinese.
        if (res.status < 400) continue;
        const text = await res.text();
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          // an empty answer (204) carries no message
        }
        for (const message of messagesIn(json)) {
          answered += 1;
          if (!isChineseMessageOf(r.route, message)) english.push(`${message} [${englishIn(message).join(",")}] ← ${body.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(english).toEqual([]);
      if (!(r.route in SILENT)) expect(answered).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe("the error map", () => {
  const schemas = [
    z.object({ name: z.string().min(1).max(5), age: z.number().int().min(0).max(150), tags: z.array(z.string()).min(1).max(2) }),
    z.object({ kind: z.enum(["a", "b"]), id: z.guid(), mail: z.email(), site: z.url(), when: z.iso.date(), code: z.string().regex(/^\d{6}$/) }),
    z.strictObject({ flag: z.boolean(), n: z.number().multipleOf(5), big: z.bigint(), on: z.date(), list: z.tuple([z.string()]) }),
    z.discriminatedUnion("action", [z.object({ action: z.literal("x"), v: z.number() }), z.object({ action: z.literal("y") })]),
    z.union([z.string(), z.number()]),
  ];

  it("words every issue of any input in Chinese, without echoing types, keys, patterns or the input", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: schemas.length - 1 }), fc.anything(), (s, input) => {
        const result = schemas[s]!.safeParse(input, { error: chineseErrorMap });
        for (const issue of result.error?.issues ?? []) {
          expect([issue.message, englishIn(issue.message)]).toEqual([issue.message, []]);
          expect(issue.message).toMatch(/\p{Script=Han}/u);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("leaves a schema's own message alone", () => {
    const result = z.string({ error: "请输入名称" }).safeParse(1, { error: chineseErrorMap });
    expect(result.error?.issues[0]?.message).toBe("请输入名称");
  });
});
