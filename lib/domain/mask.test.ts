import fc from "fast-check";
import { maskMobile } from "./mask";

describe("maskMobile", () => {
  it.each([
    ["13812341234", "138****1234"],
    ["+8613812341234", "+86138****1234"],
    ["+86 13812341234", "+86 138****1234"],
    ["8613812341234", "86138****1234"],
    ["138 1234 1234", "138****1234"],
    ["02158881234", "021****1234"],
    ["5551234", "55****34"],
  ])("masks %s as %s", (input, shown) => {
    expect(maskMobile(input)).toBe(shown);
  });

  it("leaves e-mail addresses (the fallback of userInfo.mobile), empty values and null as they are", () => {
    expect(maskMobile("member@example.com")).toBe("member@example.com");
    expect(maskMobile("")).toBe("");
    expect(maskMobile(null)).toBeNull();
  });

  it("never shows the middle four digits of a mainland mobile number", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (mobile) => {
        const shown = maskMobile(mobile);
        expect(shown).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
        expect(shown).not.toContain(mobile.slice(3, 7) + mobile.slice(7, 8));
      }),
    );
  });

  it("returns every input that is not a phone number unchanged, and never throws", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const shown = maskMobile(text);
        const phoneLike = /^\+?[\d\s-]+$/.test(text.trim()) && [7, 8, 9, 10, 11, 12, 13, 14, 15].includes(text.replace(/\D/g, "").length);
        if (!phoneLike) expect(shown).toBe(text);
        else expect(shown).toContain("****");
      }),
    );
  });
});
