import { baiduTongjiSrc, trackBaiduPageview } from "./analytics";

type WithHmt = { _hmt?: unknown };

afterEach(() => {
  delete (window as unknown as WithHmt)._hmt;
});

describe("Baidu Tongji", () => {
  it("builds the hm.js URL for the site id", () => {
    expect(baiduTongjiSrc("abc123")).toBe("https://hm.baidu.com/hm.js?abc123");
  });

  it("queues a page view before hm.js has loaded", () => {
    trackBaiduPageview("/rank");
    expect((window as unknown as WithHmt)._hmt).toEqual([["_trackPageview", "/rank"]]);
  });

  it("hands the page view to hm.js once it has replaced the queue", () => {
    const push = jest.fn();
    (window as unknown as WithHmt)._hmt = { push };
    trackBaiduPageview("/god");
    expect(push).toHaveBeenCalledWith(["_trackPageview", "/god"]);
  });
});
