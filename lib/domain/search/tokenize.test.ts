import fc from "fast-check";
import { codeTokens, MAX_TOKEN_CHARS, nameTokens, normalizeText, pinyinTokens, tokenize } from "./tokenize";

describe("tokenize", () => {
  it("keeps words, Chinese characters and bigrams, lower-cased", () => {
    const tokens = tokenize("贵州茅台是白酒龙头 Moutai");
    expect(tokens).toEqual(expect.arrayContaining(["贵州", "茅台", "白酒", "龙头", "moutai", "贵", "州", "茅", "台", "州茅", "台是"]));
    expect(tokens).not.toContain("Moutai");
  });

  it("adds the exchange to six-digit stock codes and reads codes written with one", () => {
    expect(tokenize("600519")).toEqual(["600519", "600519.sh"]);
    expect(tokenize("000001")).toEqual(["000001", "000001.sz"]);
    expect(tokenize("430047")).toEqual(["430047", "430047.bj"]);
    expect(tokenize("贵州茅台(600519.SH)")).toEqual(expect.arrayContaining(["600519.sh", "600519", "贵州", "茅台"]));
    expect(tokenize("SH600519")).toEqual(expect.arrayContaining(["600519.sh", "600519"]));
    expect(tokenize("123456")).toEqual(["123456"]); // not a stock code: no exchange guessed
    expect(tokenize("1600519.sh")).not.toContain("600519");
  });

  it("folds full-width letters and digits", () => {
    expect(tokenize("ＡＢＣ　６００５１９")).toEqual(["abc", "600519", "600519.sh"]);
    expect(normalizeText("ＧＺＭＴ")).toBe("gzmt");
  });

  it("drops punctuation, symbols and empty input", () => {
    expect(tokenize("")).toEqual([]);
    expect(tokenize("  ，。！？…—*+-/ ")).toEqual([]);
    expect(tokenize("don't-stop")).toEqual(["don", "t", "stop"]);
  });

  it("drops over-long tokens", () => {
    expect(tokenize("x".repeat(MAX_TOKEN_CHARS + 1))).toEqual([]);
    expect(tokenize("x".repeat(MAX_TOKEN_CHARS))).toEqual(["x".repeat(MAX_TOKEN_CHARS)]);
  });

  const text = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.array(fc.constantFrom("贵州", "茅台", "600519", ".SH", "sh", "游资", "打板", " ", "，", "A股", "ST", "*", "〇", "々", "é", "\u0301", "ไทย", "こんにちは", "Ｍａｏ", "İ", "ﬁ"), { maxLength: 12 }).map((a) => a.join("")),
  );

  it("is deterministic, never throws and yields no empty tokens", () => {
    fc.assert(
      fc.property(text, (s) => {
        const tokens = tokenize(s);
        expect(tokenize(s)).toEqual(tokens);
        expect(new Set(tokens).size).toBe(tokens.length);
        for (const t of tokens) {
          expect(t.length).toBeGreaterThan(0);
          expect(t.trim()).toBe(t);
          expect(Array.from(t).length).toBeLessThanOrEqual(MAX_TOKEN_CHARS);
          expect(t).toMatch(/^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(\.(sh|sz|bj))?$/u);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("is idempotent on its own output joined", () => {
    fc.assert(
      fc.property(text, (s) => {
        const tokens = tokenize(s);
        expect(new Set(tokenize(tokens.join(" ")))).toEqual(new Set(tokens));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("pinyin", () => {
  it("gives full pinyin and initials of a name and of its words", () => {
    expect(pinyinTokens("贵州茅台")).toEqual(expect.arrayContaining(["guizhoumaotai", "gzmt", "guizhou", "gz", "maotai", "mt"]));
    expect(nameTokens("贵州茅台")).toEqual(expect.arrayContaining(["贵州茅台".slice(0, 2), "茅台", "gzmt", "guizhoumaotai"]));
  });

  it("keeps letters and digits inside a name and also gives the Chinese part alone", () => {
    expect(pinyinTokens("*ST金科")).toEqual(expect.arrayContaining(["stjinke", "stjk", "jinke", "jk"]));
    expect(pinyinTokens("绿地控股")).toEqual(expect.arrayContaining(["lvdikonggu", "ldkg"]));
  });

  it("has nothing for names without Chinese characters", () => {
    expect(pinyinTokens("Alpha 007")).toEqual([]);
    expect(nameTokens("Alpha 007")).toEqual(["alpha", "007"]);
  });

  it("never throws and yields ASCII tokens only", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), fc.string({ unit: fc.constantFrom(..."贵州茅台炒股养家龙虎榜〇々行长重庆"), maxLength: 8 }), (a, b) => {
        for (const t of pinyinTokens(a + b)) expect(t).toMatch(/^[a-z0-9]+$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe("codeTokens", () => {
  it("gives the code with and without its exchange", () => {
    expect(codeTokens("600519", "SH")).toEqual(["600519", "600519.sh"]);
    expect(codeTokens("920047")).toEqual(["920047", "920047.bj"]);
  });
});
