import fc from "fast-check";
import {
  containsPattern,
  DIRECTORY_SORTS,
  directoryHref,
  MAX_QUERY_LENGTH,
  normaliseDirectoryQuery,
  parseDirectorySort,
} from "./directory";

/** SQL LIKE with ESCAPE '\', written out: does `pattern` match all of `text`? */
function like(pattern: string, text: string): boolean {
  const tokens: { kind: "lit" | "any" | "one"; c?: string }[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") tokens.push({ kind: "lit", c: pattern[++i] });
    else if (c === "%") tokens.push({ kind: "any" });
    else if (c === "_") tokens.push({ kind: "one" });
    else tokens.push({ kind: "lit", c });
  }
  const chars = [...text];
  const memo = new Map<string, boolean>();
  const match = (t: number, s: number): boolean => {
    const key = `${t},${s}`;
    if (memo.has(key)) return memo.get(key)!;
    let out: boolean;
    if (t === tokens.length) out = s === chars.length;
    else {
      const tok = tokens[t]!;
      if (tok.kind === "any") out = match(t + 1, s) || (s < chars.length && match(t, s + 1));
      else if (s === chars.length) out = false;
      else out = (tok.kind === "one" || tok.c === chars[s]) && match(t + 1, s + 1);
    }
    memo.set(key, out);
    return out;
  };
  return match(0, 0);
}

const text = fc.string({ unit: fc.constantFrom("a", "b", "%", "_", "\\", "短", "线"), maxLength: 8 });

describe("master directory: search text, sort and addresses", () => {
  it("matches exactly the texts that contain the search, whatever %, _ and \\ it holds", () => {
    fc.assert(
      fc.property(text, text, (q, subject) => {
        expect(like(containsPattern(q), subject)).toBe(subject.includes(q));
      }),
      { numRuns: 500 },
    );
  });

  it("normalises any search input to a trimmed single-spaced string of at most 40 characters", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.array(fc.string()), fc.constant(undefined), fc.integer()), (value) => {
        const q = normaliseDirectoryQuery(value);
        expect(typeof q).toBe("string");
        expect([...q].length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
        expect(q).toBe(q.trim());
        expect(q).not.toMatch(/\s{2}|[\t\n\r]/);
      }),
    );
    expect(normaliseDirectoryQuery(["  短线\t龙头 ", "x"])).toBe("短线 龙头");
  });

  it("knows the five sorts and falls back to 最近交易 for anything else", () => {
    for (const s of DIRECTORY_SORTS) expect(parseDirectorySort(s)).toBe(s);
    fc.assert(fc.property(fc.anything(), (v) => expect(DIRECTORY_SORTS).toContain(parseDirectorySort(v))));
    expect(parseDirectorySort("PNL")).toBe("active");
  });

  it("writes /list/god addresses that give back their page, search and sort", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.string({ maxLength: 12 }), fc.constantFrom(...DIRECTORY_SORTS), (page, q, sort) => {
        const url = new URL(directoryHref({ page, q, sort }), "https://example.com");
        expect(url.pathname).toBe(page > 1 ? `/list/god/${page}` : "/list/god");
        expect(url.searchParams.get("q") ?? "").toBe(q);
        expect(parseDirectorySort(url.searchParams.get("sort"))).toBe(sort);
      }),
    );
    expect(directoryHref({})).toBe("/list/god");
  });
});
