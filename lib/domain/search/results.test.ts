import fc from "fast-check";
import { isSearchTerm } from "@/lib/domain/route-params";
import { searchHref, searchPath } from "./results";

describe("searchPath / searchHref", () => {
  it("builds /search/<term> with the tab and page in the query string", () => {
    expect(searchPath("贵州茅台")).toBe(`/search/${encodeURIComponent("贵州茅台")}`);
    expect(searchPath("  gzmt  ")).toBe("/search/gzmt");
    expect(searchPath("a/b")).toBe("/search/a%20b");
    expect(searchPath("..")).toBe("/search");
    expect(searchPath("   ")).toBe("/search");
    expect(searchHref("茅台", { kind: "stock", page: 2 })).toBe(`/search/${encodeURIComponent("茅台")}?kind=stock&page=2`);
    expect(searchPath("a\ud800b")).toBe("/search/a%EF%BF%BDb");
    expect(searchHref("茅台", { kind: null, page: 1 })).toBe(`/search/${encodeURIComponent("茅台")}`);
  });

  it("always yields a path whose term the /search route accepts", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 120 }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 60 })), (q) => {
        const path = searchPath(q);
        expect(path === "/search" || path.startsWith("/search/")).toBe(true);
        if (path !== "/search") {
          const segment = path.slice("/search/".length);
          expect(segment).not.toContain("/");
          expect(isSearchTerm(decodeURIComponent(segment))).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
