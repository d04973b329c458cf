import fc from "fast-check";
import { MAX_QUERY_CHARS } from "./kinds";
import { MAX_TERMS, parseQuery, toTsQuery } from "./query";
import { nameTokens, tokenize } from "./tokenize";
import { markdownToText, tsvectorLiteral } from "./tsvector";

/** What the database does with `tsv @@ q`, for terms of exact lexemes and prefixes. */
function matches(docTokens: string[], raw: string, prefix = false): boolean {
  const set = new Set(docTokens);
  const { terms } = parseQuery(raw, { prefix });
  return terms.length > 0 && terms.every((t) => t.all.every((l) => (t.prefix ? docTokens.some((d) => d.startsWith(l)) : set.has(l))));
}

describe("parseQuery", () => {
  const moutai = [...nameTokens("贵州茅台"), "600519", "600519.sh"];

  it("finds 贵州茅台 by pinyin initials, full pinyin, part of the name and code", () => {
    for (const q of ["gzmt", "GZMT", "guizhoumaotai", "茅台", "贵州", "州茅台", "贵州茅台", "600519", "600519.SH", "sh600519", "maotai", "ｇｚｍｔ"]) {
      expect([q, matches(moutai, q)]).toEqual([q, true]);
    }
    for (const q of ["600519.SZ", "gzm", "茅台酒", "000001", "wlysh"]) expect([q, matches(moutai, q)]).toEqual([q, false]);
  });

  it("matches prefixes of Latin and digit words when asked (type-ahead)", () => {
    expect(matches(moutai, "gzm", true)).toBe(true);
    expect(matches(moutai, "6005", true)).toBe(true);
    expect(matches(moutai, "g", true)).toBe(false); // one letter is not a prefix term
  });

  it("keeps the code and needles", () => {
    expect(parseQuery("600519").code).toBe("600519");
    expect(parseQuery(" SH600519 ").code).toBe("600519");
    expect(parseQuery("600519.sh").code).toBe("600519");
    expect(parseQuery("贵州茅台").code).toBeNull();
    expect(parseQuery("贵州茅台").needles).toEqual(expect.arrayContaining(["贵州茅台", "贵州", "茅台"]));
    expect(parseQuery("600519.SH").needles).toEqual(["600519"]);
  });

  it("builds a tsquery text of quoted lexemes", () => {
    expect(toTsQuery(parseQuery("茅台 gzmt", { prefix: true }))).toBe("'茅台' & 'gzmt':*");
    expect(toTsQuery(parseQuery("贵州茅台"))).toBe("('贵州' & '州茅' & '茅台')");
    expect(toTsQuery(parseQuery("600519.SH"))).toBe("'600519.sh'");
    expect(toTsQuery(parseQuery("！？  "))).toBeNull();
  });

  it("bounds any input: short text, few terms, lexemes from the tokenizer's alphabet only", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "grapheme", maxLength: 200 }), fc.string({ unit: "binary", maxLength: 80 })), fc.boolean(), (raw, prefix) => {
        const q = parseQuery(raw, { prefix });
        expect(Array.from(q.text).length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
        expect(q.terms.length).toBeLessThanOrEqual(MAX_TERMS);
        const ts = toTsQuery(q);
        if (ts === null) expect(q.terms).toEqual([]);
        for (const t of q.terms) for (const l of t.all) expect(l).toMatch(/^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(\.(sh|sz|bj))?$/u);
      }),
      { numRuns: 1000 },
    );
  });

  it("a document always matches a query made of its own text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."贵州茅台白酒游资打板龙头abc 123，600519"), minLength: 1, maxLength: 12 }), (text) => {
        if (parseQuery(text).terms.length === 0) return;
        expect(matches(tokenize(text), text)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("tsvectorLiteral", () => {
  it("weights and positions each field's tokens", () => {
    expect(tsvectorLiteral([{ tokens: ["gzmt", "茅台"], weight: "A" }, { tokens: ["茅台", "it's"], weight: "C" }])).toBe("'gzmt':1A '茅台':2A,3C 'it''s':4C");
    expect(tsvectorLiteral([])).toBe("");
  });
});

describe("markdownToText", () => {
  it("keeps the words, drops the markup", () => {
    expect(markdownToText("# 标题\n\n**加粗** 与 [链接](https://x.example) ![图](a.png)\n\n- 列表\n> 引用\n\n```js\ncode\n```\n<b>html</b>")).toBe("标题 加粗 与 链接 图 列表 引用 code html");
  });
});
