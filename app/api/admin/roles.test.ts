import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { config, reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { articles, plans, referrals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { addGrant } from "@/lib/server/admin/members";
import { OPERATOR } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { createArticle } from "@/lib/server/content/articles-admin";
import { membershipOf } from "@/lib/server/members/grants";
import { createStrategyKey } from "@/lib/server/quant/api-keys";
import { createStrategy } from "@/lib/server/quant/strategies-admin";
import { importStatement } from "@/lib/server/statements/import";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { routeFiles, routeOf } from "../route-walk.test-support";

/**
 * ADR 0028: every admin route handler, and every action of it, for a member, an editor and an administrator. The
 * route files are found by walking app/api/admin, so a new route without a row in ROWS fails here. An allowed role
 * must get 200 (the request is real and succeeds), a refused one 403.
 */
process.env.LOG_LEVEL = "silent";

type Role = "member" | "editor" | "admin";
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const ADMIN_DIR = path.join(process.cwd(), "app", "api", "admin");

/** `strategies/[guid]/nav` → its exported handlers. */
const handlers = new Map(
  routeFiles(ADMIN_DIR).map((file) => {
    const route = routeOf(ADMIN_DIR, file);
    const mod = require(file) as Record<string, unknown>;
    return [route, Object.fromEntries(METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m] as Handler]))] as const;
  }),
);

interface Fixtures {
  admin: Viewer;
  member: Viewer;
}

interface Call {
  params?: Record<string, string>;
  json?: unknown;
  form?: FormData;
}

interface Row {
  route: string;
  method: (typeof METHODS)[number];
  action: string;
  needs: "editor" | "admin";
  /** A fresh request that succeeds for a role allowed to make it (called once per role). */
  request: (fx: Fixtures) => Promise<Call>;
  /** what success answers, when not 200 (202: queued for the job worker) */
  okStatus?: number;
}

const STATEMENT_CSV = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  "20240102,09:35:00,600519,贵州茅台,证券买入,100,1700.00,170000.00,-170005.00,5.00,0.00",
  "20240105,14:10:00,600519,贵州茅台,证券卖出,100,1750.00,175000.00,174907.50,5.00,87.50",
].join("\n");

const ARTICLE = { type: "case", title: "权限测试", summary: "", body: "正文", coverUrl: "", videoUrl: "", minLevel: 0, tags: [] };
const STRATEGY = { name: "权限策略", author: "量化组", description: "", style: "", status: "paper", startDate: "2024-01-02", benchmark: "000300.SH" } as const;

const csvForm = (name: string, text: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/csv" }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
};

const bulkForm = (name: string, text: string) => {
  const form = new FormData();
  form.append("files", new Blob([text], { type: "text/csv" }), name);
  form.append("public", "0");
  return form;
};

const newMaster = async () => (await createMaster(OPERATOR, { name: `大神${randomUUID().slice(0, 6)}` })).guid;
const newStrategy = async () => (await createStrategy(OPERATOR, STRATEGY)).guid;
async function newDraftStatement(): Promise<{ guid: string; statementId: string }> {
  const guid = await newMaster();
  const { statementId } = await importStatement(OPERATOR, new TextEncoder().encode(STATEMENT_CSV), "交割单.csv", { kind: "master", masterGuid: guid, isPublic: false });
  return { guid, statementId };
}
async function newArticle(fx: Fixtures, publish = false): Promise<string> {
  return (await createArticle(fx.admin, { ...ARTICLE, type: "case" }, publish)).infoguid;
}
async function newBlogPost(fx: Fixtures, status: "published" | "hidden"): Promise<string> {
  const [row] = await (await db())
    .insert(articles)
    .values({ type: "blog", title: "会员博客", body: "内容", authorId: fx.member.userId, status, publishedAt: new Date() })
    .returning({ infoguid: articles.infoguid });
  return row!.infoguid;
}
async function newHeldReferral(): Promise<string> {
  const [inviter, invitee] = await Promise.all([userWithRole("member", "inviter"), userWithRole("member", "invitee")]);
  const [row] = await (await db())
    .insert(referrals)
    .values({ inviterId: inviter.viewer.userId, inviteeId: invitee.viewer.userId, status: "held", holdReason: "测试" })
    .returning({ id: referrals.id });
  return row!.id;
}

/** One row per route and action; `needs` is the ADR 0028 table. */
const ROWS: Row[] = [
  // Content: editors and administrators.
  { route: "articles", method: "POST", action: "create", needs: "editor", request: async () => ({ json: { ...ARTICLE, publish: false } }) },
  { route: "articles/[infoguid]", method: "POST", action: "update", needs: "editor", request: async (fx) => ({ params: { infoguid: await newArticle(fx) }, json: { action: "update", ...ARTICLE, title: "改过的标题" } }) },
  { route: "articles/[infoguid]", method: "POST", action: "publish", needs: "editor", request: async (fx) => ({ params: { infoguid: await newArticle(fx) }, json: { action: "publish" } }) },
  { route: "articles/[infoguid]", method: "POST", action: "unpublish", needs: "editor", request: async (fx) => ({ params: { infoguid: await newArticle(fx, true) }, json: { action: "unpublish" } }) },
  { route: "articles/[infoguid]", method: "POST", action: "hide", needs: "editor", request: async (fx) => ({ params: { infoguid: await newBlogPost(fx, "published") }, json: { action: "hide" } }) },
  { route: "articles/[infoguid]", method: "POST", action: "unhide", needs: "editor", request: async (fx) => ({ params: { infoguid: await newBlogPost(fx, "hidden") }, json: { action: "unhide" } }) },
  { route: "traders", method: "POST", action: "create", needs: "editor", request: async () => ({ json: { name: "新大神", bio: "", styleTags: [], disclosureDelayDays: 0 } }) },
  { route: "traders/[guid]", method: "POST", action: "update", needs: "editor", request: async () => ({ params: { guid: await newMaster() }, json: { action: "update", name: "改名", bio: "简介", styleTags: ["龙头"], disclosureDelayDays: 5 } }) },
  { route: "traders/[guid]", method: "POST", action: "note", needs: "editor", request: async () => ({ params: { guid: await newMaster() }, json: { action: "note", tradeDate: "2024-01-02", code: "600519", note: "点评" } }) },
  { route: "traders/[guid]", method: "POST", action: "publish", needs: "editor", request: async () => { const s = await newDraftStatement(); return { params: { guid: s.guid }, json: { action: "publish", statementId: s.statementId } }; } },
  { route: "traders/[guid]", method: "POST", action: "delete", needs: "editor", request: async () => { const s = await newDraftStatement(); return { params: { guid: s.guid }, json: { action: "delete", statementId: s.statementId } }; } },
  { route: "traders/bulk", method: "POST", action: "bulk import", needs: "editor", request: async () => ({ form: bulkForm(`批量${randomUUID().slice(0, 6)}.csv`, STATEMENT_CSV) }) },
  { route: "traders/[guid]/statements", method: "POST", action: "upload", needs: "editor", request: async () => ({ params: { guid: await newMaster() }, form: csvForm("交割单.csv", STATEMENT_CSV, { public: "0" }) }) },
  { route: "strategies/[guid]", method: "POST", action: "update texts", needs: "editor", request: async () => ({ params: { guid: await newStrategy() }, json: { action: "update", ...STRATEGY, name: "新名字", author: "新作者", description: "新简介", style: "多因子" } }) },
  // Strategies' data and keys: administrators.
  { route: "strategies", method: "POST", action: "create", needs: "admin", request: async () => ({ json: STRATEGY }) },
  { route: "strategies/[guid]", method: "POST", action: "update status, start date or benchmark", needs: "admin", request: async () => ({ params: { guid: await newStrategy() }, json: { action: "update", ...STRATEGY, status: "live", startDate: "2024-01-03", benchmark: "000905.SH" } }) },
  { route: "strategies/[guid]", method: "POST", action: "createKey", needs: "admin", request: async () => ({ params: { guid: await newStrategy() }, json: { action: "createKey" } }) },
  { route: "strategies/[guid]", method: "POST", action: "revokeKey", needs: "admin", request: async () => { const guid = await newStrategy(); const key = (await createStrategyKey(OPERATOR, guid))!; return { params: { guid }, json: { action: "revokeKey", keyId: key.id } }; } },
  { route: "strategies/[guid]/nav", method: "POST", action: "import", needs: "admin", request: async () => ({ params: { guid: await newStrategy() }, form: csvForm("nav.csv", "date,nav\n2024-01-02,1\n2024-01-03,1.01\n") }) },
  { route: "strategies/[guid]/fills", method: "POST", action: "import", needs: "admin", request: async () => ({ params: { guid: await newStrategy() }, form: csvForm("fills.csv", "date,time,code,name,side,quantity,price\n2024-01-02,10:00,000001,平安银行,buy,1000,10.5\n") }) },
  // Members and money: administrators.
  { route: "members/grants", method: "POST", action: "add", needs: "admin", request: async (fx) => ({ json: { action: "add", userId: fx.member.userId, level: "vip", days: 1, requestId: randomUUID() } }) },
  { route: "members/grants", method: "POST", action: "end", needs: "admin", request: async (fx) => {
    const added = await addGrant(fx.admin, { userId: (await userWithRole("member", "grantee")).viewer.userId, levelId: 100, days: 30, requestId: randomUUID() });
    return { json: { action: "end", grantId: (added as { grantId: string }).grantId } };
  } },
  { route: "plans", method: "POST", action: "edit", needs: "admin", request: async () => ({ json: { planId: "vip-month", name: "VIP 月卡", priceFen: 4900, active: true } }) },
  { route: "referrals", method: "POST", action: "approve", needs: "admin", request: async () => ({ json: { action: "approve", referralId: await newHeldReferral() } }) },
  { route: "referrals", method: "POST", action: "reject", needs: "admin", request: async () => ({ json: { action: "reject", referralId: await newHeldReferral() } }) },
  // Market data: administrators (a provider is configured for this suite, see beforeAll).
  { route: "market/sync", method: "POST", action: "sync", needs: "admin", okStatus: 202, request: async () => ({}) },
];

const ALLOWED: Record<Row["needs"], Role[]> = { editor: ["editor", "admin"], admin: ["admin"] };

async function send(row: Row, call: Call, token: string): Promise<{ status: number; message: string }> {
  const handler = handlers.get(row.route)?.[row.method];
  if (!handler) throw new Error(`${row.method} /api/admin/${row.route} does not exist`);
  const params = call.params ?? {};
  const concrete = row.route.replace(/\[([^\]]+)\]/g, (_m, name: string) => params[name] ?? name);
  const headers: Record<string, string> = { origin: new URL(config().siteUrl).origin, cookie: `token=${token}` };
  if (call.json !== undefined) headers["content-type"] = "application/json";
  const body = call.form ?? JSON.stringify(call.json ?? {});
  const res = await handler(new NextRequest(`${config().siteUrl}/api/admin/${concrete}`, { method: row.method, headers, body }), { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, message: (JSON.parse(text) as { message?: string }).message ?? "" };
}

describe("ADR 0028: the admin route table", () => {
  it("has a row for every route handler under app/api/admin, and every row names one that exists", () => {
    expect(handlers.size).toBeGreaterThanOrEqual(12);
    const exported = [...handlers].flatMap(([route, byMethod]) => Object.keys(byMethod).map((method) => `${method} ${route}`));
    const covered = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    expect(exported.filter((h) => !covered.has(h))).toEqual([]);
    expect([...covered].filter((h) => !exported.includes(h))).toEqual([]);
  });
});

describeOnEachEngine("ADR 0028: admin route handlers × member / editor / admin", () => {
  const tokens = {} as Record<Role, string>;
  const fx = {} as Fixtures;

  beforeAll(async () => {
    // The 同步行情 button succeeds only with a provider (its job is queued, not run here); statement imports and
    // publishes then queue their syncs too, as in production.
    process.env.MARKET_DATA_PROVIDER = "eastmoney";
    reloadConfigForTests();
    for (const role of ["member", "editor", "admin"] as const) {
      const made = await userWithRole(role);
      tokens[role] = made.token;
      if (role === "admin") fx.admin = made.viewer;
      if (role === "member") fx.member = made.viewer;
    }
  });

  afterAll(() => {
    delete process.env.MARKET_DATA_PROVIDER;
    reloadConfigForTests();
  });

  it.each(ROWS.map((r) => [`${r.method} /api/admin/${r.route} (${r.action})`, r] as const))("%s", async (_name, row) => {
    const outcomes: [Role, number, string][] = [];
    for (const role of ["member", "editor", "admin"] as const) {
      const { status, message } = await send(row, await row.request(fx), tokens[role]);
      const ok = row.okStatus ?? 200;
      outcomes.push([role, status, status === ok ? "" : message]);
    }
    const expected = (["member", "editor", "admin"] as const).map((role) => (ALLOWED[row.needs].includes(role) ? [role, row.okStatus ?? 200, ""] : [role, 403, expect.any(String)]));
    expect(outcomes).toEqual(expected);
  }, 60_000);

  it("an editor can neither grant itself 3,660 days of SVIP nor set a price to ¥1 (the audit's two findings)", async () => {
    const editor = await userWithRole("editor", "greedy-editor");
    const grant = { json: { action: "add", userId: editor.viewer.userId, level: "svip", days: 3660, requestId: randomUUID() } };
    expect((await send(ROWS.find((r) => r.route === "members/grants")!, grant, editor.token)).status).toBe(403);
    expect((await membershipOf(editor.viewer.userId)).level.levelCode).toBe("free");

    const [before] = await (await db()).select().from(plans).where(eq(plans.id, "svip-year"));
    const cheap = { json: { planId: "svip-year", name: before!.name, priceFen: 100, active: true } };
    expect((await send(ROWS.find((r) => r.route === "plans")!, cheap, editor.token)).status).toBe(403);
    const [after] = await (await db()).select().from(plans).where(eq(plans.id, "svip-year"));
    expect(after!.priceFen).toBe(before!.priceFen);
  });
});
