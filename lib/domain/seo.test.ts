import fc from "fast-check";
import {
  absoluteUrl, articleJsonLd, articleSitemapFiles, articleSitemapPage, blogPostingJsonLd, breadcrumbJsonLd, canonicalPath, clip, itemListJsonLd,
  jsonLdHtml, masterSeo, ogImagePath, personJsonLd, rssXml, SITEMAP_ARTICLES_PER_FILE, sitemapXml, socialMetadata, videoJsonLd, websiteJsonLd,
  xmlEscape,
  type ArticleLd,
} from "./seo";

const site = { siteUrl: "https://lianghua.example", siteName: "量化学堂" };
const article: ArticleLd = {
  infoguid: "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10", type: "case", title: "仓位管理", description: "免费的摘要",
  publishedAt: new Date("2026-03-02T01:00:00Z"), requiredLevel: 200, images: ["/og/article/x.png"], tags: ["仓位", "风控"],
};

describe("absoluteUrl", () => {
  it("joins paths to the configured origin and keeps absolute URLs", () => {
    expect(absoluteUrl("https://a.example/", "/info/case")).toBe("https://a.example/info/case");
    expect(absoluteUrl("https://a.example", "rss.xml")).toBe("https://a.example/rss.xml");
    expect(absoluteUrl("https://a.example", "https://cdn.example/c.png")).toBe("https://cdn.example/c.png");
  });
});

describe("jsonLdHtml", () => {
  it("cannot end the script element or open markup", () => {
    const html = jsonLdHtml({ headline: "</script><script>alert(1)</script>&\u2028" });
    expect(html).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(html)).toEqual({ headline: "</script><script>alert(1)</script>&\u2028" });
  });

  it("round-trips any value and never contains < > &", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const html = jsonLdHtml(value);
        expect(html).not.toMatch(/[<>&]/);
        expect(JSON.parse(html)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("article structured data", () => {
  it("marks a gated article as not free, naming the paid part by class only", () => {
    const ld = articleJsonLd(site, article);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      url: "https://lianghua.example/info/detail/0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10",
      headline: "仓位管理",
      description: "免费的摘要",
      datePublished: "2026-03-02T01:00:00.000Z",
      image: ["https://lianghua.example/og/article/x.png"],
      keywords: "仓位,风控",
      articleSection: "交易案例",
      isAccessibleForFree: false,
      hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywall-locked" },
    });
    expect(ld).not.toHaveProperty("articleBody");
  });

  it("marks a public article as free, without hasPart; news is a NewsArticle", () => {
    const ld = articleJsonLd(site, { ...article, type: "news", requiredLevel: 0 });
    expect(ld).toMatchObject({ "@type": "NewsArticle", isAccessibleForFree: true });
    expect(ld).not.toHaveProperty("hasPart");
  });

  it("gives a video's address only when passed one", () => {
    expect(videoJsonLd(site, { ...article, type: "video" }, null)).not.toHaveProperty("contentUrl");
    expect(videoJsonLd(site, { ...article, type: "video" }, "/v/a.m3u8")).toMatchObject({
      "@type": "VideoObject", contentUrl: "https://lianghua.example/v/a.m3u8", uploadDate: "2026-03-02T01:00:00.000Z",
      thumbnailUrl: ["https://lianghua.example/og/article/x.png"], isAccessibleForFree: false,
    });
  });

  it("numbers the breadcrumb from 1 with absolute URLs", () => {
    expect(breadcrumbJsonLd(site, [{ name: "首页", path: "/" }, { name: "交易案例", path: "/info/case" }]).itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "首页", item: "https://lianghua.example/" },
      { "@type": "ListItem", position: 2, name: "交易案例", item: "https://lianghua.example/info/case" },
    ]);
  });
});

describe("masters", () => {
  const master = { guid: "1b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10", name: "青山短线", bio: "专注首板", avatarUrl: "", styleTags: ["打板"] };

  it("describes a master as a Person on a ProfilePage", () => {
    expect(personJsonLd(site, master)).toMatchObject({
      "@type": "ProfilePage",
      url: `https://lianghua.example/detail/${master.guid}`,
      mainEntity: { "@type": "Person", name: "青山短线", description: "专注首板", knowsAbout: ["打板"], image: `https://lianghua.example/og/master/${master.guid}.png` },
    });
  });

  it("dates the ProfilePage: made when the master was, changed on his newest disclosed trading day", () => {
    const dated = personJsonLd(site, { ...master, createdAt: new Date("2025-01-02T03:00:00Z"), lastTradeDate: "2026-11-20" });
    expect(dated).toMatchObject({ dateCreated: "2025-01-02T03:00:00.000Z", dateModified: "2026-11-20" });
    expect(personJsonLd(site, { ...master, createdAt: new Date("2025-01-02T03:00:00Z"), lastTradeDate: null })).toMatchObject({ dateModified: "2025-01-02T03:00:00.000Z" });
    expect(personJsonLd(site, master)).not.toHaveProperty("dateCreated");
  });

  it("gives canonical, Open Graph and Twitter fields with the generated image", () => {
    const { metadata } = masterSeo(site, master);
    expect(metadata.alternates.canonical).toBe(`https://lianghua.example/detail/${master.guid}`);
    expect(metadata.openGraph).toMatchObject({ type: "profile", images: [{ url: `https://lianghua.example${ogImagePath("master", master.guid)}`, width: 1200, height: 630 }] });
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image" });
  });
});

describe("socialMetadata", () => {
  it("clips the description and keeps article fields for articles only", () => {
    const meta = socialMetadata(site, { title: "t", description: "字".repeat(200), path: "/info/detail/x", images: ["/c.png"], type: "article", publishedAt: article.publishedAt, tags: ["a"] });
    expect([...meta.description]).toHaveLength(160);
    expect(meta.openGraph).toMatchObject({ url: "https://lianghua.example/info/detail/x", publishedTime: "2026-03-02T01:00:00.000Z", tags: ["a"], images: [{ url: "https://lianghua.example/c.png" }] });
    expect(socialMetadata(site, { title: "t", description: "d", path: "/", images: [], type: "website", tags: ["a"] }).openGraph).not.toHaveProperty("tags");
  });

  it("clip counts characters, not UTF-16 units", () => {
    expect(clip("😀😀😀", 2)).toBe("😀…");
    expect(clip(" a \n b ", 10)).toBe("a b");
  });
});

describe("feeds and sitemaps", () => {
  it("writes RSS 2.0 with escaped text and HTML", () => {
    const xml = rssXml(
      { title: "量化学堂", link: "https://lianghua.example/", feedUrl: "https://lianghua.example/rss.xml", description: "d", updatedAt: new Date("2026-03-02T00:00:00Z") },
      [{ title: "A & B <c>", link: "https://lianghua.example/info/detail/x", html: "<p>lead</p>", publishedAt: new Date("2026-03-01T00:00:00Z"), categories: ["交易案例"] }],
    );
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>A &amp; B &lt;c&gt;</title>");
    expect(xml).toContain("<description>&lt;p&gt;lead&lt;/p&gt;</description>");
    expect(xml).toContain("<pubDate>Sun, 01 Mar 2026 00:00:00 GMT</pubDate>");
    expect(xml).toContain('<atom:link href="https://lianghua.example/rss.xml" rel="self" type="application/rss+xml"/>');
  });

  it("drops characters XML cannot hold", () => {
    expect(xmlEscape("a\u0000b\u0008c\td\n'\"")).toBe("abc\td\n&apos;&quot;");
  });

  it("writes a urlset", () => {
    const xml = sitemapXml([{ url: "https://a.example/x?s=1&t=2", lastModified: new Date("2026-01-01T00:00:00Z"), changeFrequency: "daily", priority: 0.5 }]);
    expect(xml).toContain("<url><loc>https://a.example/x?s=1&amp;t=2</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>");
  });

  it("splits articles beyond the main sitemap into numbered files", () => {
    expect(articleSitemapFiles(0)).toEqual([]);
    expect(articleSitemapFiles(SITEMAP_ARTICLES_PER_FILE)).toEqual([]);
    expect(articleSitemapFiles(SITEMAP_ARTICLES_PER_FILE * 2 + 1)).toEqual(["articles-1.xml", "articles-2.xml"]);
    expect(articleSitemapPage("articles-2.xml")).toBe(2);
    for (const bad of ["articles-0.xml", "articles-01.xml", "articles-1.xml.gz", "../articles-1.xml", "articles-1234567.xml"]) expect(articleSitemapPage(bad)).toBeNull();
  });
});

describe("a video's length", () => {
  it("is its VideoObject duration in ISO 8601 when known, and left out when not", () => {
    expect(videoJsonLd(site, { ...article, type: "video" }, null, 45)).toMatchObject({ "@type": "VideoObject", duration: "PT45S" });
    expect(videoJsonLd(site, { ...article, type: "video" }, null, 3725)).toMatchObject({ duration: "PT1H2M5S" });
    expect(videoJsonLd(site, { ...article, type: "video" }, null)).not.toHaveProperty("duration");
  });
});

describe("the canonical a page names by default", () => {
  it("is its path without the query string or a trailing slash", () => {
    expect(canonicalPath("/login?r=%2Frank")).toBe("/login");
    expect(canonicalPath("/analysis/x?page=2#top")).toBe("/analysis/x");
    expect(canonicalPath("/rank/")).toBe("/rank");
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath(null)).toBe("/");
    expect(canonicalPath("https://evil.example/")).toBe("/");
  });

  it("is always a path of this site, whatever the request said", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const path = canonicalPath(raw);
        expect(path.startsWith("/")).toBe(true);
        expect(path).not.toMatch(/[?#]/);
        expect(new URL(path, "https://lianghua.example").origin).toBe("https://lianghua.example");
      }),
    );
  });
});

describe("structured data of lists, posts and the site", () => {
  it("lists what a page shows, in its order, with absolute URLs", () => {
    const list = itemListJsonLd(site, { name: "盈利榜", path: "/rank/2026-11-20", items: [{ name: "青山短线", path: "/detail/a" }, { name: "一板一眼", path: "/detail/b" }] });
    expect(list).toEqual({
      "@context": "https://schema.org",
      "@type": "ItemList",
      "@id": "https://lianghua.example/rank/2026-11-20#list",
      name: "盈利榜",
      numberOfItems: 2,
      itemListOrder: "https://schema.org/ItemListOrderAscending",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "青山短线", url: "https://lianghua.example/detail/a" },
        { "@type": "ListItem", position: 2, name: "一板一眼", url: "https://lianghua.example/detail/b" },
      ],
    });
  });

  it("describes a member's post as a BlogPosting by its member, free to read", () => {
    const post = blogPostingJsonLd(site, {
      infoguid: "p1", authorId: "u1", authorName: "小明", title: "复盘", description: "", publishedAt: new Date("2026-03-03T01:00:00Z"),
    });
    expect(post).toMatchObject({
      "@type": "BlogPosting",
      url: "https://lianghua.example/user/blog/u1/p1",
      headline: "复盘",
      description: "复盘",
      datePublished: "2026-03-03T01:00:00.000Z",
      author: { "@type": "Person", name: "小明", url: "https://lianghua.example/user/u1" },
      isAccessibleForFree: true,
    });
  });

  it("names the site and its search on the home page", () => {
    expect(websiteJsonLd(site)).toMatchObject({
      "@type": "WebSite",
      url: "https://lianghua.example/",
      potentialAction: { "@type": "SearchAction", target: "https://lianghua.example/search/{search_term_string}", "query-input": "required name=search_term_string" },
    });
  });
});
