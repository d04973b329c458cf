/**
 * Issue 20 point 1 (P20): an article saved without a summary, by the admin form or `cli article:create`, must not
 * hand its paid part to anyone who may not read it. For bodies with free lead-ins of 0 to 500 characters, no run of
 * 8 characters of the paid part appears in any response a visitor, a free member or a crawler (Googlebot's
 * User-Agent, no session) gets, on every read path: the article page (HTML, the props its RSC payload carries, its
 * metadata with description and og:description, JSON-LD), a related article's page, the list pages, the home page,
 * the search page, /api/search/suggest, RSS, the sitemap and the share image's text input. The share dialog's text is
 * fixed per page kind (lib/domain/share-links.ts) and carries no article text.
 */
import fc from "fast-check";
import { createElement, type ReactNode } from "react";
import { LoginStateProvider } from "@/components/dialogs/login-state";
import { PayStateProvider } from "@/components/dialogs/pay-state";
import { ShareStateProvider } from "@/components/dialogs/share-state";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { MORE_MARKER } from "@/lib/domain/paywall";
import { TOKEN_COOKIE } from "@/lib/domain/site";
import { createSession } from "@/lib/server/auth/sessions";
import { viewerForToken, type Viewer } from "@/lib/server/auth/viewer";
import { OPERATOR } from "@/lib/server/auth/roles";
import { createArticle } from "@/lib/server/content/articles-admin";
import { flushArticleViews } from "@/lib/server/content/view-counts";
import { createUser } from "@/lib/server/members/users";
import { refreshSearchDocuments } from "@/lib/server/search/indexer";
import InfoDetailPage, { generateMetadata as detailMetadata } from "./(site)/info/detail/[infoguid]/page";
import InfoTypePage, { generateMetadata as typeMetadata } from "./(site)/info/[type]/page";
import ListPage from "./(site)/list/[type]/[[...page]]/page";
import HomePage from "./(site)/page";
import SearchPage from "./(site)/search/[[...name]]/page";
import { GET as suggestRoute } from "./api/search/suggest/route";
import { GET as articleImage } from "./og/article/[file]/route";
import { ogImage } from "./og/og-card";
import { renderPage } from "./render-page.test-support";
import { GET as rssRoute } from "./rss.xml/route";
import sitemap from "./sitemap";

const request = { cookie: "", userAgent: "", ip: "10.20.0.1" };
/** Suggestions are rate-limited per IP: each call comes from its own. */
let calls = 0;
jest.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => {
      const value = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(request.cookie)?.[1];
      return value === undefined ? undefined : { name, value };
    },
  }),
  headers: async () => new Headers({ "user-agent": request.userAgent, "x-lianghua-peer": request.ip }),
}));
jest.mock("next/navigation", () => ({
  ...jest.requireActual("next/navigation"),
  useRouter: () => ({ push() {}, replace() {}, refresh() {}, prefetch() {}, back() {} }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));
// The share image's text input is what this test reads of it (the drawing is app/og/og.test.ts's).
jest.mock("./og/og-card", () => ({ ...jest.requireActual("./og/og-card"), ogImage: jest.fn(() => new Response("png")) }));
process.env.LOG_LEVEL = "silent";

const RUN = 8;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TITLE = "样例复盘";

// Free and paid text come from disjoint sets of characters, so a run of paid text in a response can only be a leak.
const FREE_CHARS = [..."免费导读先看资金余额再配对买卖最后看买点短线首板次日冲高卖出复盘记录"];
const PAID_CHARS = Array.from({ length: 0x6fff - 0x6000 }, (_, i) => String.fromCodePoint(0x6000 + i)).filter((c) => !FREE_CHARS.includes(c));

const chars = (set: string[], min: number, max: number) => fc.array(fc.constantFrom(...set), { minLength: min, maxLength: max }).map((a) => a.join(""));

/** A free lead-in of 0 to 500 characters: up to four paragraphs, a heading or a list among them. */
const freeLead = fc
  .array(fc.tuple(fc.constantFrom("", "## ", "- ", "> "), chars(FREE_CHARS, 1, 160)), { maxLength: 4 })
  .map((blocks) => {
    let left = 500;
    const kept: string[] = [];
    for (const [prefix, text] of blocks) {
      const cut = text.slice(0, left);
      if (!cut) break;
      kept.push(prefix + cut);
      left -= cut.length;
    }
    return kept.join("\n\n");
  });

/** The paid part: paragraphs, a heading, a list, emphasis and a table, each text a run of paid characters. */
const paidBlocks = fc.array(fc.tuple(fc.constantFrom("p", "h", "li", "em", "table"), chars(PAID_CHARS, RUN, 120)), { minLength: 1, maxLength: 4 });

function paidMarkdown(blocks: [string, string][]): string {
  return blocks
    .map(([kind, text]) => {
      if (kind === "h") return `## ${text}`;
      if (kind === "li") return `- ${text}\n- ${text.slice(0, RUN)}`;
      if (kind === "em") return `**${text}**，${text}`;
      if (kind === "table") return `| 列 | ${text} |\n|---|---|\n| 1 | 2 |`;
      return text;
    })
    .join("\n\n");
}

/** The client providers the site's layout puts around every page (the upgrade box needs the pay dialog's state). */
const inLayout = (page: ReactNode) =>
  createElement(LoginStateProvider, null, createElement(PayStateProvider, null, createElement(ShareStateProvider, null, page)));

/** Every 8-character run of the paid texts. */
const runsOf = (texts: string[]) => new Set(texts.flatMap((t) => Array.from({ length: t.length - RUN + 1 }, (_, i) => t.slice(i, i + RUN))));

describeOnEachEngine("issue 20: no paid text through automatic summaries, on any read path", (engine) => {
  let editor: Viewer;
  let companion = "";
  const viewers: { name: string; cookie: string; userAgent: string }[] = [];

  beforeAll(async () => {
    const editorUser = await createUser({ email: `paid-text-editor-${engine}@example.com`, role: "editor" });
    editor = (await viewerForToken((await createSession(editorUser.id)).token))!;
    const free = await createUser({ email: `paid-text-free-${engine}@example.com` });
    const { token } = await createSession(free.id, "Mozilla/5.0");
    viewers.push(
      { name: "visitor", cookie: "", userAgent: "Mozilla/5.0" },
      { name: "free member", cookie: `${TOKEN_COOKIE}=${token}`, userAgent: "Mozilla/5.0" },
      { name: "crawler", cookie: "", userAgent: GOOGLEBOT },
    );
    // A public article of the same type: its page lists the gated one among its related articles, with a snippet.
    const made = await createArticle(OPERATOR, { type: "case", title: "公开的相关文章", body: "公开正文。" }, true);
    companion = made.infoguid;
  }, 60_000);

  /** Everything one viewer receives that touches articles, as one string. */
  async function responses(infoguid: string, paidWord: string): Promise<string> {
    const params = <T>(value: T) => ({ params: Promise.resolve(value) });
    const none = { searchParams: Promise.resolve({}) };
    const pages = await Promise.all([
      InfoDetailPage(params({ infoguid })),
      InfoDetailPage(params({ infoguid: companion })),
      InfoTypePage(params({ type: "case" })),
      ListPage({ ...params({ type: "case", page: [] }), ...none }),
      HomePage(none),
      SearchPage({ ...params({ name: [TITLE] }), ...none }),
      SearchPage({ ...params({ name: [paidWord] }), ...none }),
    ].map(async (page) => renderPage(await page, inLayout)));
    const metadata = await Promise.all([detailMetadata(params({ infoguid })), typeMetadata(params({ type: "case" }))]);
    const suggest = await Promise.all([TITLE, paidWord].map(async (q) => {
      const res = await suggestRoute(new NextRequest(`http://localhost:3000/api/search/suggest?q=${encodeURIComponent(q)}`, { headers: { "x-lianghua-peer": `10.21.${(calls >> 8) & 255}.${calls++ & 255}` } }));
      return res.text();
    }));
    const rss = await (await rssRoute()).text();
    jest.mocked(ogImage).mockClear();
    await articleImage(new Request(`http://localhost:3000/og/article/${infoguid}.png`), params({ file: `${infoguid}.png` }));
    return JSON.stringify([pages, metadata, suggest, rss, await sitemap(), jest.mocked(ogImage).mock.calls]);
  }

  it("for free lead-ins of 0 to 500 characters, whether written by the admin form or the command line (property)", async () => {
    await fc.assert(
      fc.asyncProperty(freeLead, paidBlocks, fc.constantFrom(100, 200), fc.boolean(), async (lead, blocks, minLevel, viaForm) => {
        const body = [lead, MORE_MARKER, paidMarkdown(blocks)].filter(Boolean).join("\n\n");
        const input = { type: "case" as const, title: TITLE, body, minLevel, summary: "" };
        const made = await createArticle(viaForm ? editor : OPERATOR, input, true);
        const runs = runsOf(blocks.map(([, text]) => text));
        try {
          for (const viewer of viewers) {
            Object.assign(request, { cookie: viewer.cookie, userAgent: viewer.userAgent });
            const seen = await responses(made.infoguid, blocks[0]![1].slice(0, 2));
            expect(seen).toContain(TITLE); // the article is there: the check is not vacuous
            const leaked = [...runs].find((run) => seen.includes(run));
            expect({ viewer: viewer.name, leaked }).toEqual({ viewer: viewer.name, leaked: undefined });
          }
        } finally {
          await flushArticleViews();
          await (await db()).delete(articles).where(eq(articles.infoguid, made.infoguid));
          await refreshSearchDocuments(await db(), "article", [made.infoguid]);
        }
      }),
      { numRuns: 12 },
    );
  }, 600_000);

  it("is not vacuous: an SVIP member reading the same page gets the paid part", async () => {
    const svip = await createUser({ email: `paid-text-svip-${engine}@example.com` });
    const { grantDays } = await import("@/lib/server/members/grants");
    await grantDays({ userId: svip.id, levelId: 200, days: 30, source: "admin", sourceKey: `paid-text:${svip.id}` });
    const { token } = await createSession(svip.id);
    const made = await createArticle(OPERATOR, { type: "case", title: TITLE, body: `开头。\n\n${MORE_MARKER}\n\n${PAID_CHARS.slice(0, 20).join("")}`, minLevel: 200 }, true);
    Object.assign(request, { cookie: `${TOKEN_COOKIE}=${token}`, userAgent: "Mozilla/5.0" });
    const page = await renderPage(await InfoDetailPage({ params: Promise.resolve({ infoguid: made.infoguid }) }), inLayout);
    expect(page.html).toContain(PAID_CHARS.slice(0, 20).join(""));
    await flushArticleViews();
  }, 60_000);
});
