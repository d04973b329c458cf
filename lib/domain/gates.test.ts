import fc from "fast-check";
import { urlFormsOf } from "./gate-url-forms.test-support";
import { LOGIN_GATED_PATHS, gatePath, isLoginGated } from "./gates";

describe("the login gate's matcher", () => {
  it.each(LOGIN_GATED_PATHS)("gates every URL form of %s", (page) => {
    for (const form of urlFormsOf(page)) {
      expect([form, isLoginGated(form)]).toEqual([form, true]);
      expect(gatePath(form)).toBe(page);
    }
  });

  it("gates what lies under a gated page (the admin area's pages), in any form", () => {
    for (const path of ["/admin/members", "/ADMIN/plans/", "/admin%2Farticles%2Fnew", "/admin/members.segments/_tree.segment.rsc", "//admin//traders"]) {
      expect([path, isLoginGated(path)]).toEqual([path, true]);
    }
  });

  it.each(["/", "/user", "/user/password", "/user/subscription", "/user/blog", "/user/accounts", "/user/account-x", "/administrator", "/login", "/price", "/user.segments/_tree.segment.rsc", "/.well-known/x", "/user.account"])(
    "leaves %s open",
    (path) => {
      expect(isLoginGated(path)).toBe(false);
    },
  );

  it("gates a gated page whatever is percent-encoded, whatever the case, however many slashes", () => {
    const encodeSome = (s: string, mask: boolean[]) =>
      Array.from(s, (c, i) => (mask[i % mask.length] && c !== "/" ? `%${c.charCodeAt(0).toString(16).padStart(2, "0")}` : c)).join("");
    fc.assert(
      fc.property(
        fc.constantFrom(...LOGIN_GATED_PATHS),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom("", "/", "//", ".rsc", ".prefetch.rsc", ".segments/_tree.segment.rsc", "/extra/path"),
        (page, encodeMask, upperMask, slashes, suffix) => {
          const cased = Array.from(page, (c, i) => (upperMask[i % upperMask.length] ? c.toUpperCase() : c)).join("");
          const form = encodeSome(cased, encodeMask).replace(/\//g, "/".repeat(slashes)) + suffix;
          expect(isLoginGated(form)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never throws, whatever the path", () => {
    fc.assert(fc.property(fc.string(), (s) => void isLoginGated("/" + s)), { numRuns: 2000 });
  });
});
