import fc from "fast-check";
import { byteRange } from "./byte-range";

describe("byteRange", () => {
  it("reads the forms browsers send for a video", () => {
    expect(byteRange("bytes=0-1", 100)).toEqual({ start: 0, end: 1 }); // Safari's probe
    expect(byteRange("bytes=0-", 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange("bytes=50-200", 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
  });

  it("answers the whole file for no header, other units, several ranges or nonsense", () => {
    for (const header of [null, "", "items=0-1", "bytes=0-1,5-6", "bytes=-", "bytes=5-2", "bytes=a-b", "bytes 0-1"]) expect(byteRange(header, 100)).toBeNull();
  });

  it("refuses a range that starts past the end", () => {
    expect(byteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=0-", 0)).toBe("unsatisfiable");
  });

  it("never answers a range outside the file (property)", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.option(fc.nat(20_000)), fc.option(fc.nat(20_000)), (size, from, to) => {
        const range = byteRange(`bytes=${from ?? ""}-${to ?? ""}`, size);
        if (range === null || range === "unsatisfiable") return;
        expect(range.start).toBeGreaterThanOrEqual(0);
        expect(range.start).toBeLessThanOrEqual(range.end);
        expect(range.end).toBeLessThan(size);
      }),
    );
  });
});
