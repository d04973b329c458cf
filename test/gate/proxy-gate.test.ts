import { NextRequest } from "next/server";
import { urlFormsOf } from "@/lib/domain/gate-url-forms.test-support";
import { LOGIN_GATED_PATHS } from "@/lib/domain/gates";
import { proxy } from "@/proxy";

process.env.LOG_LEVEL = "silent";
const ORIGIN = "http://localhost:3000";

/** What the proxy decided: sent on to the page ("next"), redirected to the login, or rewritten (the 404 page). */
function decisionFor(path: string, headers: Record<string, string> = {}): string {
  const res = proxy(new NextRequest(ORIGIN + path, { headers }));
  if (res.headers.get("x-middleware-next")) return "next";
  const location = res.headers.get("location");
  if (location) return `redirect ${new URL(location, ORIGIN).pathname}`;
  const rewrite = res.headers.get("x-middleware-rewrite");
  if (rewrite) return `rewrite ${new URL(rewrite, ORIGIN).pathname} ${res.status}`;
  return `other ${res.status}`;
}

const RSC_HEADERS: Record<string, string>[] = [
  {},
  { RSC: "1" },
  { RSC: "1", "Next-Router-Prefetch": "1" },
  { RSC: "1", "Next-Router-Prefetch": "1", "Next-Router-Segment-Prefetch": "/_tree" },
  { RSC: "1", "Next-Router-Segment-Prefetch": "/__PAGE__" },
];

describe("proxy: a visitor gets no gated page in any URL form (ADR 0029)", () => {
  it.each(LOGIN_GATED_PATHS)("%s: every form and RSC header is redirected to the login or answered 404", (page) => {
    for (const form of urlFormsOf(page)) {
      for (const search of ["", "?_rsc=1x2y3", "?x=1&_rsc=abc"]) {
        for (const headers of RSC_HEADERS) {
          const decision = decisionFor(form + search, headers);
          expect([form + search, headers, decision]).toEqual([form + search, headers, expect.stringMatching(/^(redirect \/|rewrite \/error\/404 404)$/)]);
        }
      }
    }
  });

  it("lets a member's token through to the page, its RSC forms included", () => {
    const cookie = { cookie: "token=some-session" };
    expect(decisionFor("/user/account", cookie)).toBe("next");
    expect(decisionFor("/user/account?_rsc=1x2y3", { ...cookie, RSC: "1" })).toBe("next");
    expect(decisionFor("/user/account.segments/_tree.segment.rsc", { ...cookie, RSC: "1" })).toBe("next");
  });

  it("keeps SPEC's answers: an open page is served, an invalid gated path is a 404 and a plain one redirects with r", () => {
    expect(decisionFor("/user/password")).toBe("next");
    expect(decisionFor("/robots.txt")).toBe("next");
    expect(decisionFor("/user/account/extra")).toBe("rewrite /error/404 404");
    const res = proxy(new NextRequest(`${ORIGIN}/user/%61ccount?tab=2`));
    expect(res.headers.get("location")).toBe(`${ORIGIN}/?r=${encodeURIComponent("/user/%61ccount?tab=2")}`);
  });
});
