import fc from "fast-check";
import { autoSummary, freeMarkdown, isWholeBodyOpening, paidQuote, QUOTE_CHARS, recomputedSummary } from "./article-summary";
import { leadIn, MORE_MARKER, paidPart } from "./paywall";
import { summaryFromHtml } from "./summary";
import { boundMarkdown, renderMarkdown } from "./markdown";

const FREE = "免费导读。";
const PAID = "付费正文：仓位按波动率倒数分配，止损线设在成本下方百分之五。";
const BODY = `${FREE}\n\n${MORE_MARKER}\n\n${PAID}`;

/** What the code before issue 20 stored for an empty summary: the start of the whole body. */
const wholeBodySummary = (body: string) => summaryFromHtml(renderMarkdown(body));

describe("autoSummary", () => {
  it("is made from the lead-in of a gated body and from the whole of a public one", () => {
    expect(autoSummary(BODY, 100)).toBe("免费导读。");
    expect(autoSummary(BODY, 200)).toBe("免费导读。");
    expect(autoSummary(BODY, 0)).toBe(`免费导读。 ${PAID}`);
    expect(wholeBodySummary(BODY)).toContain("付费正文"); // the leak this replaces
  });

  it("is empty when the lead-in is (a marker first), and uses the renderer it is given", () => {
    expect(autoSummary(`${MORE_MARKER}\n\n${PAID}`, 100)).toBe("");
    expect(autoSummary(BODY, 100, () => null)).toBe("");
    expect(freeMarkdown(BODY, 100)).toBe(leadIn(BODY));
    expect(freeMarkdown(BODY, 0)).toBe(BODY);
  });

  it("never holds 8 characters of the paid part (property)", () => {
    const cjk = (from: number, to: number) => fc.integer({ min: from, max: to }).map((c) => String.fromCodePoint(c));
    const text = (chars: fc.Arbitrary<string>, max: number) => fc.array(chars, { maxLength: max }).map((a) => a.join(""));
    // free and paid text from disjoint ranges, so that a run found can only come from the paid part
    const free = fc.array(text(cjk(0x4e00, 0x5dff), 120), { maxLength: 5 }).map((ps) => ps.filter(Boolean).join("\n\n"));
    const paid = text(cjk(0x6000, 0x6fff), 400).filter((p) => p.length >= QUOTE_CHARS);
    fc.assert(
      fc.property(free, paid, fc.constantFrom(100, 200), fc.boolean(), (lead, rest, level, marked) => {
        const body = marked ? `${lead}\n\n${MORE_MARKER}\n\n${rest}` : `${lead}\n\n${rest}`;
        const summary = autoSummary(body, level);
        const paidText = paidPart(body).replace(/<!--[^>]*-->|\s/g, "");
        for (let i = 0; i + QUOTE_CHARS <= summary.length; i++) {
          const run = summary.slice(i, i + QUOTE_CHARS);
          if (/\s|…/.test(run)) continue;
          expect(paidText.includes(run) && !lead.includes(run)).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("paidPart", () => {
  it("is what follows the lead-in's cut: from the marker's block to the end", () => {
    expect(paidPart(BODY)).toBe(`${MORE_MARKER}\n\n${PAID}`);
    expect(paidPart("")).toBe("");
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (s) => expect(boundMarkdown(s).endsWith(paidPart(s))).toBe(true)));
  });
});

describe("paidQuote", () => {
  it("finds the passage of a summary that quotes the paid part, as far as it goes", () => {
    expect(paidQuote(`导读之后：${PAID.slice(0, 12)}`, BODY, 200)).toBe(PAID.slice(0, 12));
    expect(paidQuote(wholeBodySummary(BODY), BODY, 100)).toBe(PAID.slice(0, -1)); // without the full stop
  });

  it("is null for an own summary, a short echo, the free part, a public article", () => {
    expect(paidQuote("讲清仓位与止损", BODY, 200)).toBeNull();
    expect(paidQuote(PAID.slice(0, QUOTE_CHARS - 1), BODY, 200)).toBeNull();
    expect(paidQuote(FREE + FREE, BODY, 200)).toBeNull();
    expect(paidQuote(PAID, BODY, 0)).toBeNull();
    const single = "只有一段的正文，全部属于付费部分。";
    expect(paidQuote(`摘要：${single}`, single, 200)).toBe(single.slice(0, -1)); // no marker: the last block is always kept back
  });

  it("finds paid text in code and HTML too, whatever the case and spacing", () => {
    const body = `${FREE}\n\n${MORE_MARKER}\n\n\`\`\`\nSELECT secret_ratio FROM fills\n\`\`\``;
    expect(paidQuote("see: select  SECRET_ratio", body, 100)).toBe("select  SECRET_ratio".replace(/\s+/g, " "));
  });

  it("ignores a passage the lead-in also holds", () => {
    const repeated = "这一句在两边都出现";
    expect(paidQuote(repeated, `${repeated}。\n\n${MORE_MARKER}\n\n${repeated}，然后是付费的。`, 100)).toBeNull();
  });
});

describe("recomputedSummary (the 0009 data migration's rule)", () => {
  it("makes a summary cut from the whole body again from the lead-in", () => {
    expect(isWholeBodyOpening(wholeBodySummary(BODY), BODY)).toBe(true);
    expect(recomputedSummary(wholeBodySummary(BODY), BODY, 200)).toBe("免费导读。");
    // an opening of the body's text cut at another length (an older renderer or limit) counts as automatic too
    expect(recomputedSummary(`免费导读。 ${PAID.slice(0, 10)}…`, BODY, 100)).toBe("免费导读。");
  });

  it("keeps an editor's own words (even quoting the paid part), an empty summary, a public article, a fresh one", () => {
    const own = `编辑写的：${PAID.slice(0, 12)}`;
    expect(recomputedSummary(own, BODY, 200)).toBeNull();
    expect(paidQuote(own, BODY, 200)).not.toBeNull(); // reported by the migration, warned about in the form
    expect(recomputedSummary("", BODY, 200)).toBeNull();
    expect(recomputedSummary(wholeBodySummary(BODY), BODY, 0)).toBeNull();
    expect(recomputedSummary("免费导读。", BODY, 100)).toBeNull();
    expect(recomputedSummary("免费", BODY, 100)).toBeNull(); // too short to tell
  });
});
