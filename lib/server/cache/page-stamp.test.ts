import { countCachedReading } from "./page-stamp";
import { flushArticleViews, pendingArticleViews } from "@/lib/server/content/view-counts";

jest.mock("@/lib/server/content/articles", () => ({ recordArticleView: async () => null }));

const ARTICLE = { infoguid: "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10" };
const WECHAT = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";
/** A document request as the browser (or whoever) sends it: only the page cache's documents are answered from it. */
const opened = (userAgent: string | null, more: { acceptLanguage?: string | null } = {}) => ({
  userAgent, acceptLanguage: more.acceptLanguage === undefined ? "zh-CN,zh;q=0.9" : more.acceptLanguage, accept: "text/html,*/*", fetchMode: "navigate", rsc: false,
});

describe("readings of articles answered from the page cache", () => {
  afterEach(() => flushArticleViews());

  it("count a person's browser, not a search engine walking the articles nor a script without a browser's signals", () => {
    countCachedReading("infodeail", ARTICLE, opened("Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)"));
    countCachedReading("infodeail", ARTICLE, opened("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"));
    // a script that says it is a browser but asks for no language
    countCachedReading("infodeail", ARTICLE, opened(WECHAT, { acceptLanguage: null }));
    expect(pendingArticleViews(ARTICLE.infoguid)).toBe(0);
    countCachedReading("infodeail", ARTICLE, opened(WECHAT));
    expect(pendingArticleViews(ARTICLE.infoguid)).toBe(1);
    countCachedReading("rank", {}, opened(WECHAT));
    expect(pendingArticleViews(ARTICLE.infoguid)).toBe(1);
  });
});
