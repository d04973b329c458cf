import { expect, test, type APIRequestContext } from "@playwright/test";
import { DOCUMENT_REQUEST } from "./fixtures";

// What a search engine reads (docs/adr/0082): every sitemap URL is a page that answers 200, names itself canonical
// and may be indexed; every other address of the same content names its original or is not indexed; the lists,
// masters and posts carry their structured data.

interface PageHead {
  status: number;
  canonical: string | null;
  noindex: boolean;
  jsonLdTypes: string[];
  html: string;
}

async function headOf(request: APIRequestContext, url: string): Promise<PageHead> {
  const res = await request.get(url, { headers: DOCUMENT_REQUEST, maxRedirects: 0 });
  const html = await res.text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null;
  const robots = /<meta name="robots" content="([^"]+)"/.exec(html)?.[1] ?? "";
  const jsonLdTypes = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap(([, json]) => {
    const data = JSON.parse(json!) as { "@type": string } | { "@type": string }[];
    return (Array.isArray(data) ? data : [data]).map((d) => d["@type"]);
  });
  return { status: res.status(), canonical: canonical && canonical.replace(/&amp;/g, "&"), noindex: /noindex/.test(robots), jsonLdTypes, html };
}

const local = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

test.describe("what search engines read", () => {
  test.setTimeout(180_000);

  test("every URL of the sitemap answers 200, names itself canonical and may be indexed", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, u]) => u!.replace(/&amp;/g, "&"));
    expect(urls.length).toBeGreaterThan(50);
    // members' posts are in it too, at their public address (robots.txt lets crawlers read them)
    expect(urls.some((u) => u.includes("/user/blog/"))).toBe(true);
    const problems: string[] = [];
    for (const url of urls) {
      const head = await headOf(request, local(url));
      if (head.status !== 200) problems.push(`${url}: ${head.status}`);
      else if (!head.canonical || local(head.canonical) !== local(url)) problems.push(`${url}: canonical ${head.canonical}`);
      else if (head.noindex) problems.push(`${url}: noindex`);
    }
    expect(problems).toEqual([]);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Allow: \/user\/blog\/$/m);
    expect(robots).toMatch(/^Disallow: \/user$/m);
  });

  test("every other address of a page names its original or is not indexed", async ({ request }) => {
    const god = (await headOf(request, "/god")).html;
    const trade = /href="(\/detail\/[0-9a-f-]{36}\/\d{4}-\d{2}-\d{2}\/\d{6})"/.exec(god)?.[1];
    expect(trade, "a trade on /god").toBeTruthy();
    const [, , master, day, code] = trade!.split("/");
    const variants = [
      "/?utm_source=wechat", "/test", "/login?r=%2Frank", "/login/ABCD2345", "/new", "/recs/ABCD2345/%E5%B0%8F%E6%98%8E", "/search/%E7%AD%96%E7%95%A5",
      `/detail/${master}/${day}`, trade!, `${trade}/week`, `/test/${master}`,
      `/analysis/${master}/overview`, `/analysis/${master}/trades/win`, `/analysis/${master}?page=2`,
      `/rank/${day}/day/profit`, `/rank/${day}/day/profit/passed`, "/god?page=2", `/god?date=${day}`, "/list/god?sort=pnl",
    ];
    const problems: string[] = [];
    for (const path of variants) {
      const head = await headOf(request, path);
      expect(head.status, path).toBe(200);
      if (!head.noindex && (!head.canonical || local(head.canonical) === path)) problems.push(`${path}: canonical ${head.canonical}, indexable`);
    }
    expect(problems).toEqual([]);
    // a tab of a master's analysis is a page of its own, with a description of its own
    const tab = await headOf(request, `/analysis/${master}/monthly`);
    expect([tab.noindex, tab.canonical && local(tab.canonical)]).toEqual([false, `/analysis/${master}/monthly`]);
    expect(code).toMatch(/^\d{6}$/);
  });

  test("lists, masters, posts and the home page carry their structured data", async ({ request }) => {
    const home = await headOf(request, "/");
    expect(home.jsonLdTypes).toEqual(expect.arrayContaining(["WebSite", "ItemList"]));
    for (const path of ["/god", "/list/god", "/quant", "/rank", "/list/case"]) expect((await headOf(request, path)).jsonLdTypes, path).toContain("ItemList");
    const master = /href="(\/detail\/[0-9a-f-]{36})"/.exec(home.html)![1]!;
    const profile = await headOf(request, master);
    expect(profile.jsonLdTypes).toContain("ProfilePage");
    expect((await headOf(request, master.replace("/detail/", "/analysis/"))).jsonLdTypes).toContain("BreadcrumbList");
    expect(profile.html).toMatch(/"dateCreated":"\d{4}-\d{2}-\d{2}T/);
    const xml = await (await request.get("/sitemap.xml")).text();
    const post = /<loc>[^<]*(\/user\/blog\/[^<]+)<\/loc>/.exec(xml)![1]!;
    expect((await headOf(request, post)).jsonLdTypes).toContain("BlogPosting");
  });

  test("a video's VideoObject gives its length, the same the browser's player reads from the file", async ({ page, request }) => {
    const list = (await headOf(request, "/info/video")).html;
    const articles = [...new Set([...list.matchAll(/href="(\/info\/detail\/[0-9a-f-]{36})"/g)].map(([, href]) => href!))];
    expect(articles.length).toBeGreaterThan(0);
    let compared = 0;
    for (const href of articles) {
      const html = (await headOf(request, href)).html;
      const video = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
        .map(([, json]) => JSON.parse(json!) as { "@type": string; duration?: string })
        .find((d) => d["@type"] === "VideoObject");
      expect(video?.duration, href).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
      await page.goto(href);
      const player = page.locator("video");
      if ((await player.count()) === 0) continue; // a members' video: no player for a visitor
      const seconds = await player.evaluate((v: HTMLVideoElement) =>
        v.readyState >= 1
          ? v.duration
          : new Promise<number>((done, fail) => {
              v.addEventListener("loadedmetadata", () => done(v.duration), { once: true });
              v.addEventListener("error", () => fail(new Error(`the player could not read the video: ${v.error?.message ?? v.error?.code}`)), { once: true });
            }),
      );
      const [, h = "0", m = "0", s = "0"] = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(video!.duration!)!;
      expect(Number(h) * 3600 + Number(m) * 60 + Number(s), href).toBe(Math.round(seconds));
      compared++;
    }
    expect(compared, "a video a visitor may watch").toBeGreaterThan(0);
  });

  test("pages say they are one responsive Chinese site", async ({ request }) => {
    const home = await headOf(request, "/");
    expect(home.html).toContain('<html lang="zh-CN"');
    expect(home.html).toContain('<meta name="applicable-device" content="pc,mobile"/>');
  });
});
