/**
 * The page cache keys a cached route's address on the query parameters its page reads and renders it without the rest
 * (lib/domain/page-cache.ts `CACHED_ROUTE_QUERY`). A page that read a parameter missing from that list would be
 * answered, for every value of it, with the page of no value: this renders each cached route's page and its metadata
 * with a query object that records what is read of it, and holds the list to that.
 */
import { createElement, type ReactNode } from "react";
import { LoginStateProvider } from "@/components/dialogs/login-state";
import { PayStateProvider } from "@/components/dialogs/pay-state";
import { ShareStateProvider } from "@/components/dialogs/share-state";
import { db } from "@/lib/db";
import { articles, masters } from "@/lib/db/schema";
import { seedDemoData } from "@/lib/db/seed/demo";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { CACHED_ROUTE_QUERY, CACHED_ROUTES } from "@/lib/domain/page-cache";
import { renderPage } from "./render-page.test-support";
import HomePage from "./(site)/page";
import GodPage from "./(site)/god/page";
import * as detail from "./(site)/detail/[...segments]/page";
import * as list from "./(site)/list/[type]/[[...page]]/page";
import * as infoDetail from "./(site)/info/detail/[infoguid]/page";
import * as info from "./(site)/info/[type]/page";
import * as analysis from "./(site)/analysis/[guid]/[[...rest]]/page";
import * as rank from "./(site)/rank/[[...rest]]/page";
import * as loss from "./(site)/loss-tracker/[[...date]]/page";
import * as quant from "./(site)/quant/page";
import * as realtrade from "./(site)/quant/realtrade/page";
import * as follow from "./(site)/quant/trade/page";
import * as price from "./(site)/price/page";
import * as disclaimer from "./(site)/disclaimer/page";
import * as terms from "./(site)/terms/page";

jest.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
  headers: async () => new Headers({ "user-agent": "Mozilla/5.0", "x-lianghua-peer": "10.25.0.1" }),
}));
jest.mock("next/navigation", () => ({
  ...jest.requireActual("next/navigation"),
  useRouter: () => ({ push() {}, replace() {}, refresh() {}, prefetch() {}, back() {} }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));
process.env.LOG_LEVEL = "silent";

type PageModule = { default: (props: never) => unknown; generateMetadata?: (props: never) => unknown };

const inLayout = (page: ReactNode) =>
  createElement(LoginStateProvider, null, createElement(PayStateProvider, null, createElement(ShareStateProvider, null, page)));

/** A query object that says yes to every name, recording each name read (and "*" for a read of them all). */
function recordingQuery(read: Set<string>): Record<string, string> {
  return new Proxy({} as Record<string, string>, {
    get: (_, name) => {
      if (typeof name === "string" && name !== "then") read.add(name);
      return typeof name === "string" && name !== "then" ? "2" : undefined;
    },
    has: (_, name) => (typeof name === "string" ? (read.add(name), true) : false),
    ownKeys: () => {
      read.add("*");
      return [];
    },
  });
}

describeOnEachEngine("the query parameters of the cached pages", () => {
  it("are all in the page cache's list of what each route reads", async () => {
    const database = await db();
    await seedDemoData(database);
    const [master] = await database.select({ guid: masters.guid }).from(masters).limit(1);
    const [article] = await database.select({ id: articles.infoguid }).from(articles).limit(1);
    const pages: Record<string, { module: PageModule; params: Record<string, unknown> }[]> = {
      newhome: [{ module: { default: HomePage as never }, params: {} }],
      Home: [{ module: { default: GodPage as never }, params: {} }],
      detail: [{ module: detail, params: { segments: [master!.guid] } }],
      type: [{ module: list, params: { type: "god" } }, { module: list, params: { type: "case" } }],
      infodeail: [{ module: infoDetail, params: { infoguid: article!.id } }],
      info: [{ module: info, params: { type: "case" } }],
      analysis: [{ module: analysis, params: { guid: master!.guid } }],
      rank: [{ module: rank, params: {} }],
      loss: [{ module: loss, params: {} }],
      strategy: [{ module: quant, params: {} }],
      realtrade: [{ module: realtrade, params: {} }],
      follow: [{ module: follow, params: {} }],
      price: [{ module: price, params: {} }],
      disclaimer: [{ module: disclaimer, params: {} }],
      terms: [{ module: terms, params: {} }],
    };
    expect(Object.keys(pages).sort()).toEqual([...CACHED_ROUTES].sort());

    const readByRoute: Record<string, string[]> = {};
    for (const [route, renders] of Object.entries(pages)) {
      const read = new Set<string>();
      for (const { module, params } of renders) {
        const props = () => ({ params: Promise.resolve(params), searchParams: Promise.resolve(recordingQuery(read)) }) as never;
        try {
          await module.generateMetadata?.(props());
          await renderPage(await module.default(props()), inLayout);
        } catch (err) {
          // A page that ends in notFound() or a redirect has still read what it reads before.
          if (!/NEXT_(HTTP_ERROR_FALLBACK|NOT_FOUND|REDIRECT)/.test(String((err as { digest?: string }).digest ?? err))) throw err;
        }
      }
      readByRoute[route] = [...read].sort();
    }
    for (const [route, read] of Object.entries(readByRoute)) {
      expect({ route, read: read.filter((name) => !(CACHED_ROUTE_QUERY[route] ?? []).includes(name)) }).toEqual({ route, read: [] });
    }
    // And the list names what the pages read (the analysis reads its page only with trades to page through).
    for (const [route, read] of Object.entries(readByRoute)) {
      if (route !== "analysis") expect({ route, read }).toEqual({ route, read: [...(CACHED_ROUTE_QUERY[route] ?? [])].sort() });
    }
  }, 120_000);
});
