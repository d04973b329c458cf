import fc from "fast-check";
import { loginRedirectTarget, safeReturnPath } from "./return-path";

const ORIGIN = "https://www.lianghua.example";

describe("safeReturnPath", () => {
  it("keeps a same-origin path with its query", () => {
    expect(safeReturnPath("/user/account?tab=2", ORIGIN)).toBe("/user/account?tab=2");
    expect(safeReturnPath(encodeURIComponent("/user/invite?code=AB12"), ORIGIN)).toBe("/user/invite?code=AB12");
  });

  it.each([
    "//evil.com", "/\\evil.com", "\\/\\/evil.com", "https:evil.com", "https://evil.com/x", "/%5Cevil.com",
    "%2F%2Fevil.com", "/%09/evil.com", "/\t/evil.com", "/\n/evil.com", "javascript:alert(1)", "evil.com",
    "/@evil.com", "//user@evil.com", "", "/%E0%A4%A", "/login?r=/x", "/new", "/auth?x=1", "/.//", "/.//evil.com", "/a/..//evil.com", "/%2E//evil.com",
  ])("refuses %j", (r) => {
    const target = safeReturnPath(r, ORIGIN);
    expect(target).toBe(r === "/@evil.com" ? "/@evil.com" : "/");
    expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
  });

  it("always yields a same-origin path, whatever the input (P13)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.constantFrom("//", "/\\", "%2F", "%5C", "\t", "/.//", "/..//"), fc.string({ unit: "binary" })), (r) => {
        const target = safeReturnPath(r, ORIGIN);
        expect(target.startsWith("/")).toBe(true);
        expect(target.startsWith("//")).toBe(false);
        expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 5000 },
    );
  });

  it("round-trips every gate redirect", () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const pathname = "/user/account" + (path.startsWith("/") ? path : "/" + path);
        const search = query ? `?${query}` : "";
        const r = new URL(loginRedirectTarget(pathname, search), ORIGIN).searchParams.get("r");
        const back = safeReturnPath(r, ORIGIN);
        expect(new URL(back, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 1000 },
    );
  });
});
