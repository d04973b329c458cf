import { PAGE_FILL_HEADER } from "@/lib/domain/page-cache";
import type { Viewer } from "@/lib/server/auth/viewer";
import { renderIsAPersonReading, renderIsForTheCache } from "./page-render";

let sent: Record<string, string> = {};
jest.mock("next/headers", () => ({ headers: async () => new Headers(sent) }));

const WECHAT = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";
const BAIDUSPIDER = "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)";
const GOOGLEBOT = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("what a page render is", () => {
  it("a person reading: a browser's own request, not a crawler's, a router prefetch or the page cache's render", async () => {
    const reading = async (headers: Record<string, string>) => {
      sent = headers;
      return renderIsAPersonReading();
    };
    const browser = { "user-agent": WECHAT, "accept-language": "zh-CN,zh;q=0.9", accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate" };
    expect(await reading(browser)).toBe(true);
    // the router's fetch of the page it navigates to
    expect(await reading({ ...browser, accept: "*/*", "sec-fetch-mode": "cors", rsc: "1" })).toBe(true);
    expect(await reading({ ...browser, "user-agent": BAIDUSPIDER })).toBe(false);
    expect(await reading({ ...browser, "user-agent": GOOGLEBOT })).toBe(false);
    // without a browser's signals: no User-Agent, no language asked for, a script's fetch
    expect(await reading({})).toBe(false);
    expect(await reading({ "user-agent": WECHAT, accept: "text/html" })).toBe(false);
    expect(await reading({ ...browser, accept: "*/*", "sec-fetch-mode": "cors" })).toBe(false);
    expect(await reading({ ...browser, "next-router-prefetch": "1" })).toBe(false);
    expect(await reading({ ...browser, [PAGE_FILL_HEADER]: "secret" })).toBe(false);
  });

  it("for the page cache: its fill of a visitor's page, or the render of an access class's view", async () => {
    const member = { userId: "u", role: "member", userInfo: { levelId: 100 } } as Viewer;
    sent = { "user-agent": WECHAT };
    expect(await renderIsForTheCache(null)).toBe(false);
    expect(await renderIsForTheCache(member)).toBe(false);
    expect(await renderIsForTheCache({ ...member, accessClassOnly: true })).toBe(true);
    sent = { [PAGE_FILL_HEADER]: "secret" };
    expect(await renderIsForTheCache(null)).toBe(true);
  });
});
