import {
  dataStamp, documentRequester, entryState, pageAddress, isVisitorDocumentRequest, memberCacheable, memberPageKey, PAGE_MAX_AGE_MS,
  PAGE_RETIRE_AGE_MS, viewerClassHolds, viewersVersion, type PageRequest,
} from "./page-cache";

// Chromium 156 loading a page (its Accept and Sec-Fetch-Dest as sent).
const VISITOR: PageRequest = {
  method: "GET", cookieNames: ["lh_device"], headerNames: ["accept", "user-agent", "cookie", "sec-fetch-dest"],
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7",
  fetchDest: "document", search: "",
};

describe("isVisitorDocumentRequest", () => {
  it("takes a visitor's GET or HEAD of a page, with or without unrelated cookies and a query", () => {
    expect(isVisitorDocumentRequest(VISITOR)).toBe(true);
    expect(isVisitorDocumentRequest({ ...VISITOR, method: "HEAD", cookieNames: [], search: "?week=week" })).toBe(true);
  });

  it("never takes a member's request: a session cookie or a bearer token", () => {
    expect(isVisitorDocumentRequest({ ...VISITOR, cookieNames: ["lh_device", "token"] })).toBe(false);
    expect(isVisitorDocumentRequest({ ...VISITOR, headerNames: [...VISITOR.headerNames, "authorization"] })).toBe(false);
  });

  it("leaves an invited visitor (the sign-up form carries the code) to their own render", () => {
    expect(isVisitorDocumentRequest({ ...VISITOR, cookieNames: ["cfc_inv"] })).toBe(false);
  });

  it("leaves the App Router's payload requests, prefetches and server actions alone", () => {
    for (const header of ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"]) {
      expect(isVisitorDocumentRequest({ ...VISITOR, headerNames: [header] })).toBe(false);
    }
    expect(isVisitorDocumentRequest({ ...VISITOR, search: "?_rsc=abc12" })).toBe(false);
    expect(isVisitorDocumentRequest({ ...VISITOR, search: "?week=week&_rsc=abc12" })).toBe(false);
  });

  it("leaves a router prefetch alone as the proxy sees it: Next.js has removed its RSC headers and _rsc", () => {
    // Chromium 156's prefetch of / from /rank, captured, minus what Next.js strips before the proxy.
    const prefetch: PageRequest = {
      method: "GET", cookieNames: ["lh_device"], search: "", accept: "*/*", fetchDest: "empty",
      headerNames: ["accept", "accept-encoding", "accept-language", "cookie", "host", "referer", "sec-fetch-dest", "sec-fetch-mode", "sec-fetch-site", "user-agent", "next-url"],
    };
    expect(isVisitorDocumentRequest(prefetch)).toBe(false);
    // A browser that does not say what the fetch is for: its fetch still accepts anything rather than a document.
    expect(isVisitorDocumentRequest({ ...prefetch, fetchDest: null })).toBe(false);
    // A page inside a frame or an embed is not the document the cache keeps.
    expect(isVisitorDocumentRequest({ ...VISITOR, fetchDest: "iframe" })).toBe(false);
  });

  it("takes a crawler's page request, which names no fetch destination", () => {
    const googlebot = { ...VISITOR, cookieNames: [], fetchDest: null, accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
    expect(isVisitorDocumentRequest(googlebot)).toBe(true);
    // curl and other clients that accept anything get a render, never a cached document.
    expect(isVisitorDocumentRequest({ ...googlebot, accept: "*/*" })).toBe(false);
    expect(isVisitorDocumentRequest({ ...googlebot, accept: null })).toBe(false);
  });

  it("leaves other methods alone", () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) expect(isVisitorDocumentRequest({ ...VISITOR, method })).toBe(false);
  });
});

describe("documentRequester", () => {
  it("tells a member's page request (the session cookie) from a visitor's, under the same rules for both", () => {
    expect(documentRequester(VISITOR)).toBe("visitor");
    const member = { ...VISITOR, cookieNames: ["lh_device", "token", "userinfo"] };
    expect(documentRequester(member)).toBe("member");
    expect(documentRequester({ ...member, headerNames: [...member.headerNames, "authorization"] })).toBeNull();
    expect(documentRequester({ ...member, cookieNames: [...member.cookieNames, "cfc_inv"] })).toBeNull();
    expect(documentRequester({ ...member, accept: "*/*", fetchDest: "empty" })).toBeNull();
    expect(documentRequester({ ...member, search: "?_rsc=1" })).toBeNull();
    expect(documentRequester({ ...member, method: "POST" })).toBeNull();
  });
});

describe("memberCacheable", () => {
  it("shares the class view of pages with nobody's own state, never a strategy's page (follows)", () => {
    for (const route of ["newhome", "Home", "rank", "loss", "strategy", "type", "info", "detail", "infodeail", "analysis", "price", "disclaimer", "terms"]) {
      expect(memberCacheable(route, "")).toBe(true);
    }
    expect(memberCacheable("strategy", "?sort=sharpe")).toBe(true);
    expect(memberCacheable("strategy", "?s=7f0c")).toBe(false);
    for (const route of ["user", "upload", "search", "admin", "pay"]) expect(memberCacheable(route, "")).toBe(false);
  });

  it("keeps each class's view apart from the visitor's and from the other classes'", () => {
    const keys = new Set(["/god", memberPageKey(0, "/god"), memberPageKey(100, "/god"), memberPageKey(200, "/god")]);
    expect(keys.size).toBe(4);
  });
});

describe("the viewers version", () => {
  it("is kept out of the pages' data stamp: a logout or a purchase leaves every cached page standing", () => {
    expect(dataStamp([["statements", 3], ["viewers", 1]])).toBe(dataStamp([["statements", 3], ["viewers", 9]]));
    expect(viewersVersion([["statements", 3], ["viewers", 9n]])).toBe(9);
    expect(viewersVersion([["statements", 3]])).toBeNull();
  });

  it("ends a known class when its member's sessions, grants or role change, when it runs out, and while the version is unknown or not read lately", () => {
    const known = { levelId: 200, userId: "member-a", version: 4, validUntil: 1_000 };
    const read = (version: number | null, readAt = 900, floor = 0) => ({ version, readAt, floor });
    expect(viewerClassHolds(known, read(4), undefined, 999)).toBe(true);
    // Another member's change moved the version: this member's class stands.
    expect(viewerClassHolds(known, read(5), undefined, 999)).toBe(true);
    // A change of this member's, made before the class was learnt (the lookup saw it), or after.
    expect(viewerClassHolds(known, read(5), 4, 999)).toBe(true);
    expect(viewerClassHolds(known, read(5), 5, 999)).toBe(false);
    // A change to everyone (a table emptied) after it was learnt.
    expect(viewerClassHolds(known, read(6, 900, 5), undefined, 999)).toBe(false);
    expect(viewerClassHolds(known, read(4), undefined, 1_000)).toBe(false);
    expect(viewerClassHolds(known, read(null), undefined, 0)).toBe(false);
    // Not read for over 2 s: a revocation elsewhere may be unseen.
    expect(viewerClassHolds(known, read(4, -1_101), undefined, 900)).toBe(false);
  });
});

describe("entryState", () => {
  // 2026-11-27 10:00 in Shanghai.
  const storedAt = Date.UTC(2026, 10, 27, 2, 0, 0);

  it("answers an entry of the current data while it is young, and reloads it behind the answer once old", () => {
    expect(entryState({ stamp: "a:1", storedAt }, "a:1", storedAt + 1_000)).toBe("fresh");
    expect(entryState({ stamp: "a:1", storedAt }, "a:1", storedAt + PAGE_MAX_AGE_MS)).toBe("old");
  });

  it("renders an entry nobody asked for in a long while again before answering it", () => {
    expect(entryState({ stamp: "a:1", storedAt }, "a:1", storedAt + PAGE_RETIRE_AGE_MS - 1)).toBe("old");
    expect(entryState({ stamp: "a:1", storedAt }, "a:1", storedAt + PAGE_RETIRE_AGE_MS)).toBe("changed");
  });

  it("never answers an entry rendered before its data changed", () => {
    expect(entryState({ stamp: "a:1", storedAt }, "a:2", storedAt)).toBe("changed");
  });

  it("never answers an entry rendered on an earlier day in Shanghai (the free sample moves with the date)", () => {
    const beforeMidnight = Date.UTC(2026, 10, 27, 15, 59, 59); // 23:59:59 in Shanghai
    expect(entryState({ stamp: "a:1", storedAt: beforeMidnight }, "a:1", beforeMidnight + 500)).toBe("fresh");
    expect(entryState({ stamp: "a:1", storedAt: beforeMidnight }, "a:1", beforeMidnight + 1_500)).toBe("changed");
  });
});

describe("dataStamp", () => {
  it("is equal exactly when every version is", () => {
    expect(dataStamp([["statements", 3], ["articles", 1]])).toBe(dataStamp([["articles", 1], ["statements", 3]]));
    expect(dataStamp([["statements", 3], ["articles", 1]])).not.toBe(dataStamp([["statements", 4], ["articles", 1]]));
    expect(dataStamp([["plans", BigInt(2)]])).toBe("plans:2");
  });
});

describe("pageAddress", () => {
  it("keeps the path and the parameters the route reads, in their order and number, and drops the rest", () => {
    expect(pageAddress("rank", "/rank/2026-09-15", "")).toBe("/rank/2026-09-15");
    expect(pageAddress("rank", "/rank", "?utm_source=baidu&page=3&from=x")).toBe("/rank?page=3");
    // the 交割单体检 filter is a path segment (docs/adr/0079): its board is cached apart from the unfiltered one
    expect(pageAddress("rank", "/rank/2026-09-15/day/profit/passed", "?page=2")).toBe("/rank/2026-09-15/day/profit/passed?page=2");
    expect(pageAddress("rank", "/rank/2026-09-15/day/profit", "?audit=passed")).toBe("/rank/2026-09-15/day/profit");
    expect(pageAddress("Home", "/god", "?page=2&date=2026-09-15&page=3")).toBe("/god?page=2&date=2026-09-15&page=3");
    expect(pageAddress("type", "/list/god", "?q=%E8%8C%85%E5%8F%B0&sort=pnl&spm=1")).toBe("/list/god?q=%E8%8C%85%E5%8F%B0&sort=pnl");
    expect(pageAddress("price", "/price", "?from=wechat")).toBe("/price");
    expect(pageAddress("terms", "/terms", "?")).toBe("/terms");
  });
});
