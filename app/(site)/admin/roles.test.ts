import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { createArticle } from "@/lib/server/content/articles-admin";
import { createStrategy } from "@/lib/server/quant/strategies-admin";
import { createMaster } from "@/lib/server/statements/masters-admin";

/**
 * ADR 0028: every admin page for a member, an editor and an administrator, through the real page gate (the session
 * cookie comes from `mockRequest`). The pages are found by walking app/(site)/admin, so a new page without a row in
 * PAGES fails here. A refused role gets Next's 403 (`forbidden()`), an allowed one the rendered page; the admin home
 * offers an editor only pages an editor may open.
 */
process.env.LOG_LEVEL = "silent";

const mockRequest = { cookie: "", path: "/admin" };
jest.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => {
      const value = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(mockRequest.cookie)?.[1];
      return value === undefined ? undefined : { name, value };
    },
  }),
  headers: async () => new Headers({ "x-lh-path": mockRequest.path }),
}));
// The real forbidden/notFound/redirect; only the client hooks, which need a mounted app router, are stand-ins.
jest.mock("next/navigation", () => ({
  ...jest.requireActual<typeof import("next/navigation")>("next/navigation"),
  useRouter: () => ({ refresh() {}, push() {}, replace() {} }),
  usePathname: () => mockRequest.path,
  useSearchParams: () => new URLSearchParams(),
}));

type Role = "member" | "editor" | "admin";
type PageProps = { params?: Promise<Record<string, string>>; searchParams?: Promise<Record<string, string>> };
type Page = (props: PageProps) => Promise<React.ReactElement>;

const ADMIN_DIR = path.join(process.cwd(), "app", "(site)", "admin");

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name === "page.tsx" ? [full] : [];
  });
}

/** `/admin/strategies/[guid]` → its page component. */
const pages = new Map(
  pageFiles(ADMIN_DIR).map((file) => {
    const relative = path.relative(ADMIN_DIR, path.dirname(file)).split(path.sep).join("/");
    return [relative ? `/admin/${relative}` : "/admin", (require(file) as { default: Page }).default] as const;
  }),
);

interface Fixtures {
  member: string;
  article: string;
  master: string;
  strategy: string;
}

/** The ADR 0028 table: who may open each page, and the dynamic segments it is opened with. */
const PAGES: Record<string, { needs: "editor" | "admin"; params?: (fx: Fixtures) => Record<string, string> }> = {
  "/admin": { needs: "editor" },
  "/admin/articles": { needs: "editor" },
  "/admin/articles/new": { needs: "editor" },
  "/admin/articles/[infoguid]": { needs: "editor", params: (fx) => ({ infoguid: fx.article }) },
  "/admin/traders": { needs: "editor" },
  "/admin/traders/[guid]": { needs: "editor", params: (fx) => ({ guid: fx.master }) },
  "/admin/strategies": { needs: "editor" },
  "/admin/strategies/[guid]": { needs: "editor", params: (fx) => ({ guid: fx.strategy }) },
  "/admin/members": { needs: "admin" },
  "/admin/members/[uguid]": { needs: "admin", params: (fx) => ({ uguid: fx.member }) },
  "/admin/plans": { needs: "admin" },
};

const ALLOWED: Record<"editor" | "admin", Role[]> = { editor: ["editor", "admin"], admin: ["admin"] };

/** The rendered page, or the Next.js interrupt it threw (`NEXT_HTTP_ERROR_FALLBACK;403` is forbidden()). */
async function open(route: string, token: string, params: Record<string, string> = {}): Promise<{ html: string } | { interrupt: string }> {
  mockRequest.cookie = `token=${token}`;
  mockRequest.path = route.replace(/\[([^\]]+)\]/g, (_m, name: string) => params[name] ?? name);
  try {
    const element = await pages.get(route)!({ params: Promise.resolve(params), searchParams: Promise.resolve({}) });
    return { html: renderToStaticMarkup(element) };
  } catch (err) {
    const digest = (err as { digest?: unknown }).digest;
    if (typeof digest === "string") return { interrupt: digest };
    throw err;
  }
}

const adminLinks = (html: string) => [...new Set([...html.matchAll(/href="(\/admin[^"?#]*)"/g)].map((m) => m[1]!))];

/** The PAGES key a link opens (`/admin/strategies/5f0c…` → `/admin/strategies/[guid]`). */
function pageOfLink(href: string): string | undefined {
  return Object.keys(PAGES).find((route) => new RegExp(`^${route.replace(/\[[^\]]+\]/g, "[^/]+")}$`).test(href));
}

describe("ADR 0028: the admin page table", () => {
  it("has a row for every page under app/(site)/admin, and every row names one that exists", () => {
    expect(pages.size).toBeGreaterThanOrEqual(11);
    expect([...pages.keys()].sort()).toEqual(Object.keys(PAGES).sort());
  });
});

describeOnEachEngine("ADR 0028: admin pages × member / editor / admin", () => {
  const tokens = {} as Record<Role, string>;
  let fx: Fixtures;
  let interrupts: string | undefined;

  beforeAll(async () => {
    // next.config.ts turns on experimental.authInterrupts (forbidden()); Next tells its functions through this variable.
    interrupts = process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS;
    process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "1";
    const made = {} as Record<Role, Awaited<ReturnType<typeof userWithRole>>>;
    for (const role of ["member", "editor", "admin"] as const) {
      made[role] = await userWithRole(role);
      tokens[role] = made[role].token;
    }
    const article = await createArticle(made.admin.viewer, { type: "case", title: "权限测试", body: "正文" }, false);
    fx = {
      member: made.member.viewer.userId,
      article: article.infoguid,
      master: (await createMaster(OPERATOR, { name: "权限大神" })).guid,
      strategy: (await createStrategy(OPERATOR, { name: "权限策略", author: "量化组", status: "paper", startDate: "2024-01-02" })).guid,
    };
  });

  afterAll(() => {
    if (interrupts === undefined) delete process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS;
    else process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = interrupts;
  });

  it.each(Object.entries(PAGES))("%s", async (route, { needs, params }) => {
    const outcomes: [Role, string][] = [];
    for (const role of ["member", "editor", "admin"] as const) {
      const result = await open(route, tokens[role], params?.(fx));
      outcomes.push([role, "html" in result ? "rendered" : result.interrupt]);
    }
    expect(outcomes).toEqual((["member", "editor", "admin"] as const).map((role) => [role, ALLOWED[needs].includes(role) ? "rendered" : "NEXT_HTTP_ERROR_FALLBACK;403"]));
  }, 60_000);

  it("the admin home offers an editor only the pages an editor may open, and an administrator all of them", async () => {
    for (const role of ["editor", "admin"] as const) {
      const home = await open("/admin", tokens[role]);
      if (!("html" in home)) throw new Error(`the admin home refused the ${role}`);
      const links = adminLinks(home.html);
      for (const href of links) expect([role, href, ALLOWED[PAGES[pageOfLink(href) ?? ""]?.needs ?? "admin"].includes(role)]).toEqual([role, href, true]);
      const offersAdminPages = ["/admin/members", "/admin/plans"].every((href) => links.includes(href));
      expect([role, offersAdminPages]).toEqual([role, role === "admin"]);
      // 行情数据 (provider, last sync, 同步行情) is an administrator's matter
      expect([role, home.html.includes('data-testid="market-data"')]).toEqual([role, role === "admin"]);
    }
  });

  it("a strategy's page shows an editor its texts only: no keys, no NAV or fills import, status, start date and benchmark locked", async () => {
    const asEditor = await open("/admin/strategies/[guid]", tokens.editor, { guid: fx.strategy });
    const asAdmin = await open("/admin/strategies/[guid]", tokens.admin, { guid: fx.strategy });
    if (!("html" in asEditor) || !("html" in asAdmin)) throw new Error("the strategy page refused staff");
    for (const text of ["接入密钥", 'aria-label="导入净值"', 'aria-label="导入成交"']) {
      expect([text, asEditor.html.includes(text), asAdmin.html.includes(text)]).toEqual([text, false, true]);
    }
    expect(asEditor.html).toContain("状态、开始日期和业绩基准由管理员修改");
    expect(asAdmin.html).not.toContain("状态、开始日期和业绩基准由管理员修改");

    const list = await open("/admin/strategies", tokens.editor);
    if (!("html" in list)) throw new Error("the strategy list refused an editor");
    expect(list.html).not.toContain('aria-label="新建策略"');
  });
});
