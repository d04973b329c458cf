import fc from "fast-check";
import { isHumanReader, isPersonReading, type ReaderSignals } from "./human-reader";

describe("isHumanReader", () => {
  it("counts members' browsers: WeChat on a phone, Android Chrome, desktop Safari", () => {
    for (const ua of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN",
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
    ]) expect([ua, isHumanReader(ua)]).toEqual([ua, true]);
  });

  it("does not count the crawlers that walk a Chinese site, nor scripts", () => {
    for (const ua of [
      "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
      "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
      "Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/92.0.4515.159 Safari/537.36 360Spider",
      "curl/8.5.0",
    ]) expect([ua, isHumanReader(ua)]).toEqual([ua, false]);
  });
});

describe("isPersonReading", () => {
  const WECHAT = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";
  const browser: ReaderSignals = { userAgent: WECHAT, acceptLanguage: "zh-CN,zh;q=0.9", accept: "text/html,application/xhtml+xml", fetchMode: "navigate", rsc: false };

  it("counts a browser opening the page or its router navigating to it, with the languages it asks for", () => {
    expect(isPersonReading(browser)).toBe(true);
    expect(isPersonReading({ ...browser, accept: "*/*", fetchMode: "cors", rsc: true })).toBe(true);
    // an old browser without Sec-Fetch-Mode: the document it asks for
    expect(isPersonReading({ ...browser, fetchMode: null })).toBe(true);
  });

  it("does not count a request without a browser's signals, however it names itself", () => {
    expect(isPersonReading({ ...browser, userAgent: null })).toBe(false);
    expect(isPersonReading({ ...browser, userAgent: "" })).toBe(false);
    expect(isPersonReading({ ...browser, acceptLanguage: null })).toBe(false);
    expect(isPersonReading({ ...browser, acceptLanguage: " " })).toBe(false);
    expect(isPersonReading({ ...browser, fetchMode: "cors" })).toBe(false);
    expect(isPersonReading({ ...browser, fetchMode: null, accept: "*/*" })).toBe(false);
    expect(isPersonReading({ ...browser, userAgent: "python-requests/2.31.0" })).toBe(false);
  });

  it("never counts a request that asks for no language, whatever else it sends", () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), fc.option(fc.string()), fc.boolean(), (userAgent, accept, fetchMode, rsc) => {
        expect(isPersonReading({ userAgent, acceptLanguage: null, accept, fetchMode, rsc })).toBe(false);
      }),
    );
  });
});
