import { expect, test, type APIRequestContext } from "@playwright/test";
import { urlFormsOf } from "../lib/domain/gate-url-forms.test-support";
import { LOGIN_GATED_PATHS } from "../lib/domain/gates";
import { logIn } from "./fixtures";

// Every URL form of every gated page, as plain, RSC, prefetch and segment-prefetch requests (ADR 0029): a visitor gets
// the login redirect or a 404, never a 200 — whatever Next does with the form first (its 308s to drop slashes, its
// 307s to add the `_rsc` value an RSC request needs are followed here as a browser would).
const HEADER_SETS: Record<string, string>[] = [
  {},
  { RSC: "1" },
  { RSC: "1", "Next-Router-Prefetch": "1" },
  { RSC: "1", "Next-Router-Prefetch": "1", "Next-Router-Segment-Prefetch": "/_tree" },
  { RSC: "1", "Next-Router-Segment-Prefetch": "/__PAGE__" },
];

async function outcome(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<string> {
  const seen: string[] = [];
  for (let hop = 0; hop < 5; hop++) {
    const res = await request.get(url, { headers, maxRedirects: 0 });
    const location = res.headers()["location"];
    seen.push(`${res.status()}${location ? ` → ${location}` : ""}`);
    if (res.status() >= 300 && res.status() < 400 && location) {
      const next = new URL(location, url);
      if (next.pathname === "/" && next.searchParams.has("r")) return "login";
      url = next.href;
      continue;
    }
    if (res.status() === 404) return "404";
    return `${res.status()} ${res.headers()["content-type"]} (${seen.join(", ")})`;
  }
  return `redirect loop (${seen.join(", ")})`;
}

test.describe("the login gate holds for every URL form of a gated page", () => {
  for (const page of LOGIN_GATED_PATHS) {
    test(`a visitor gets no ${page} in any form`, async ({ playwright, baseURL }) => {
      test.setTimeout(180_000);
      const visitor = await playwright.request.newContext();
      const wrong: string[] = [];
      for (const form of urlFormsOf(page)) {
        for (const search of ["", "?_rsc=x1y2z"]) {
          for (const headers of HEADER_SETS) {
            const result = await outcome(visitor, `${baseURL}${form}${search}`, headers);
            if (result !== "login" && result !== "404") wrong.push(`${form}${search} ${JSON.stringify(headers)}: ${result}`);
          }
        }
      }
      await visitor.dispose();
      expect(wrong).toEqual([]);
    });
  }

  test("a member's page and its prefetches are served as before", async ({ request, baseURL }) => {
    await logIn(request, "member");
    for (const headers of HEADER_SETS) {
      expect(await outcome(request, `${baseURL}/user/account`, headers)).toMatch(/^200 (text\/html|text\/x-component)/);
    }
    expect(await outcome(request, `${baseURL}/user/account.segments/_tree.segment.rsc`, { RSC: "1" })).toMatch(/^200 /);
  });
});
