import fc from "fast-check";
import { lighten, parseHex, toHex } from "./color";

const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => toHex(rgb));

describe("lighten", () => {
  it("moves each channel 10% of the way to white", () => {
    expect(lighten("#000000", 0.1)).toBe("#1a1a1a");
    expect(lighten("#1d4ed8", 0.1)).toBe("#3460dc");
    expect(lighten("#ffffff", 0.1)).toBe("#ffffff");
  });

  it("accepts shorthand, upper case and a missing #", () => {
    expect(lighten("#F00", 0.1)).toBe("#ff1a1a");
    expect(lighten("1D4ED8", 0.1)).toBe("#3460dc");
  });

  it("returns values that are not hex colours unchanged", () => {
    expect(lighten("rebeccapurple", 0.1)).toBe("rebeccapurple");
    expect(lighten("var(--color-brand)", 0.1)).toBe("var(--color-brand)");
    expect(lighten("#12345", 0.1)).toBe("#12345");
  });

  it("never darkens a channel, and 0 / 1 are identity / white", () => {
    fc.assert(
      fc.property(hexColor, fc.double({ min: 0, max: 1, noNaN: true }), (hex, amount) => {
        const before = parseHex(hex)!;
        const after = parseHex(lighten(hex, amount))!;
        after.forEach((c, i) => expect(c).toBeGreaterThanOrEqual(before[i]!));
        expect(lighten(hex, 0)).toBe(hex);
        expect(lighten(hex, 1)).toBe("#ffffff");
      }),
    );
  });

  it("clamps amounts outside 0–1", () => {
    expect(lighten("#336699", -2)).toBe("#336699");
    expect(lighten("#336699", 5)).toBe("#ffffff");
  });
});
