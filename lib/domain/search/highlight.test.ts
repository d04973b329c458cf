import fc from "fast-check";
import { highlight, hitRanges, snippet } from "./highlight";

describe("highlight", () => {
  it("marks every match, case- and width-insensitively, merging overlaps", () => {
    expect(highlight("贵州茅台(600519)", ["茅台", "600519"])).toEqual([
      { text: "贵州", hit: false }, { text: "茅台", hit: true }, { text: "(", hit: false }, { text: "600519", hit: true }, { text: ")", hit: false },
    ]);
    expect(highlight("ＧＺＭＴ and gzmt", ["gzmt"])).toEqual([{ text: "ＧＺＭＴ", hit: true }, { text: " and ", hit: false }, { text: "gzmt", hit: true }]);
    expect(highlight("贵州茅台", ["贵州", "州茅", "茅台"])).toEqual([{ text: "贵州茅台", hit: true }]);
    expect(highlight("abc", [])).toEqual([{ text: "abc", hit: false }]);
    expect(highlight("", ["x"])).toEqual([]);
  });

  it("keeps the text: segments join back to it, never empty, alternating", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), fc.array(fc.string({ unit: "grapheme", maxLength: 4 }), { maxLength: 4 }), (text, needles) => {
        const segments = highlight(text, needles);
        expect(segments.map((s) => s.text).join("")).toBe(text);
        segments.forEach((s, i) => {
          expect(s.text.length).toBeGreaterThan(0);
          if (i > 0) expect(s.hit).not.toBe(segments[i - 1]!.hit);
        });
        for (const [a, b] of hitRanges(text, needles)) expect(0 <= a && a < b && b <= text.length).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("snippet", () => {
  const long = `${"开头的文字。".repeat(20)}这里讲打板的要点${"结尾的文字。".repeat(20)}`;

  it("centres on the first hit with ellipses", () => {
    const s = snippet(long, ["打板"], 40, 10);
    expect(s.map((x) => x.hit)).toEqual([false, true, false]);
    expect(s[0]!.text).toBe("…。开头的文字。这里讲");
    expect(s[1]!.text).toBe("打板");
    expect(s[2]!.text.endsWith("…")).toBe(true);
    expect(s.map((x) => x.text).join("").length).toBeLessThanOrEqual(42);
  });

  it("shows the beginning when nothing matches, and nothing for empty text", () => {
    expect(snippet("短文本  换行\n也算", ["无"])).toEqual([{ text: "短文本 换行 也算", hit: false }]);
    expect(snippet("   ", ["x"])).toEqual([]);
  });

  it("never cuts a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 2 }), fc.integer({ min: 1, max: 30 }), (text, needle, max) => {
        for (const s of snippet(text, [needle], max, 5)) expect(s.text.isWellFormed()).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
