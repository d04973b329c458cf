import fc from "fast-check";
import { renderMarkdown } from "./markdown";
import { hasMoreMarker, leadIn, MORE_MARKER, plainText } from "./paywall";

/** The reading text of rendered Markdown, whitespace collapsed. */
function renderedText(markdown: string): string {
  return renderMarkdown(markdown)
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

// 300 cases a run, each run a fresh seed: a failure prints its seed and path to replay it (docs/testing.md).
const RUNS = { numRuns: 300 };
const PAID = "付费句子只给会员看";

describe("leadIn", () => {
  it("keeps the part before the marker and ends with the marker", () => {
    const body = `## 开头\n\n免费的第一段。\n\n${MORE_MARKER}\n\n${PAID}。`;
    expect(leadIn(body)).toBe(`## 开头\n\n免费的第一段。\n\n${MORE_MARKER}`);
    expect(renderedText(leadIn(body))).toBe("开头 免费的第一段。");
  });

  it("accepts the marker in any case and spacing", () => {
    expect(leadIn(`免费。\n\n<!--MORE-->\n\n${PAID}`)).toBe(`免费。\n\n${MORE_MARKER}`);
    expect(leadIn(`免费。\n<!--   more   -->\n${PAID}`)).toBe(`免费。\n\n${MORE_MARKER}`);
  });

  it("takes a block that holds the marker (list, quote, paragraph, HTML) wholly into the paid part", () => {
    expect(leadIn(`免费。\n\n- 一\n- 二 <!-- more --> ${PAID}\n- 三`)).toBe(`免费。\n\n${MORE_MARKER}`);
    expect(leadIn(`免费。\n\n> 引用 <!-- more --> ${PAID}`)).toBe(`免费。\n\n${MORE_MARKER}`);
    expect(leadIn(`免费。\n\n前半 <!-- more --> ${PAID}`)).toBe(`免费。\n\n${MORE_MARKER}`);
    expect(leadIn(`免费。\n\n<div>\n前半\n<!-- more -->\n${PAID}</div>`)).toBe(`免费。\n\n${MORE_MARKER}`);
  });

  it("ignores a marker inside code", () => {
    const body = `第一段。\n\n\`\`\`\n${MORE_MARKER}\n\`\`\`\n\n第二段 \`${MORE_MARKER}\`。\n\n${PAID}，这是很长的第三段，长到超过全文的一半，付费内容付费内容付费内容付费内容付费内容付费内容付费内容付费内容付费内容付费内容。`;
    expect(hasMoreMarker(body)).toBe(false);
    expect(leadIn(body)).toBe(`第一段。\n\n\`\`\`\n${MORE_MARKER}\n\`\`\`\n\n第二段 \`${MORE_MARKER}\`。\n\n${MORE_MARKER}`);
  });

  it("without a marker takes the first two paragraphs and the headings before them", () => {
    const body = `## 一\n\n第一段，比较长的一段文字。\n\n第二段，比较长的一段文字。\n\n## 二\n\n${PAID}。\n\n更多付费内容。\n\n还有更多付费内容，很长很长很长很长很长很长很长。`;
    expect(leadIn(body)).toBe(`## 一\n\n第一段，比较长的一段文字。\n\n第二段，比较长的一段文字。\n\n${MORE_MARKER}`);
  });

  it("without a marker never cuts inside a code block, table or list, and never gives more than half", () => {
    const table = "| 列 | 含义 |\n|---|---|\n| 佣金 | 双向 |\n| 印花税 | 卖出 |";
    const list = "- 一\n- 二\n- 三";
    const code = "```ts\nconst a = 1;\n\nconst b = 2;\n```";
    const body = `${table}\n\n${list}\n\n${code}\n\n${PAID}。`;
    const lead = leadIn(body);
    expect([`${table}\n\n${list}\n\n${MORE_MARKER}`, `${table}\n\n${MORE_MARKER}`, MORE_MARKER]).toContain(lead);
    expect(lead.length - MORE_MARKER.length).toBeLessThanOrEqual(body.length / 2);
  });

  it("always keeps something back: a one-paragraph body gives an empty lead-in", () => {
    expect(leadIn(PAID)).toBe(MORE_MARKER);
    expect(leadIn(`短。\n\n${PAID}`)).toBe(`短。\n\n${MORE_MARKER}`);
    expect(renderedText(leadIn(PAID))).toBe("");
  });

  it("returns nothing for an empty body", () => {
    expect(leadIn("")).toBe("");
    expect(leadIn("  \n\n ")).toBe("");
  });

  it("carries the link definitions the free part uses, but no footnote text", () => {
    const body = `看[这篇][doc]和脚注[^1]。\n\n${MORE_MARKER}\n\n${PAID}[^1]\n\n[doc]: https://example.com/doc "说明"\n[other]: https://example.com/paid\n[^1]: ${PAID}`;
    const lead = leadIn(body);
    expect(lead).toBe(`看[这篇][doc]和脚注[^1]。\n\n[doc]: https://example.com/doc "说明"\n\n${MORE_MARKER}`);
    expect(renderMarkdown(lead)).toContain('<a href="https://example.com/doc" title="说明">这篇</a>');
    expect(lead).not.toContain(PAID);
    expect(lead).not.toContain("/paid");
    expect(leadIn(lead)).toBe(lead);
  });
});

describe("leadIn on hostile input", () => {
  it.each([
    ["deep nesting", "> - ".repeat(12_500)],
    ["many delimiters", "*a ".repeat(25_000)],
  ])("stays fast and keeps the paid part back (%s)", (_name, junk) => {
    const started = Date.now();
    const lead = leadIn(`免费。\n\n${junk}\n\n${MORE_MARKER}\n\n${PAID}`);
    expect(lead).not.toContain(PAID);
    expect(leadIn(`${junk}\n\n${PAID}`)).not.toContain(PAID);
    expect(plainText(junk, 10).length).toBeLessThanOrEqual(10);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("leadIn properties", () => {
  const word = fc.constantFrom("交割单", "打板", "低吸", "涨停", "alpha", "beta", "10%", "费用", "a_b", "x*y");
  const words = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(" "));
  const inline = fc.oneof(words, words.map((w) => `**${w}**`), words.map((w) => `\`${w}\``), words.map((w) => `[${w}](https://e.com/x)`));
  const paragraph = fc.array(inline, { minLength: 1, maxLength: 4 }).map((p) => p.join(" "));
  const block = fc.oneof(
    { weight: 4, arbitrary: paragraph },
    words.map((w) => `## ${w}`),
    fc.array(words, { minLength: 1, maxLength: 3 }).map((ls) => `\`\`\`\n${ls.join(`\n${MORE_MARKER}\n`)}\n\`\`\``),
    fc.array(words, { minLength: 1, maxLength: 4 }).map((ls) => ls.map((l) => `- ${l}`).join("\n")),
    fc.array(words, { minLength: 1, maxLength: 4 }).map((ls) => ls.map((l, i) => `${i + 1}. ${l}`).join("\n")),
    fc.array(fc.tuple(words, words), { minLength: 1, maxLength: 3 }).map((rows) => `| 列 | 值 |\n|---|---|\n${rows.map(([a, b]) => `| ${a} | ${b} |`).join("\n")}`),
    words.map((w) => `> ${w}`),
  );
  const doc = fc.array(block, { maxLength: 10 });

  it("renders as a prefix of the body's rendered text, and is idempotent", () => {
    fc.assert(
      fc.property(doc, fc.boolean(), fc.nat(10), (blocks, marked, at) => {
        const all = marked ? [...blocks.slice(0, at), MORE_MARKER, ...blocks.slice(at)] : blocks;
        const body = all.join("\n\n");
        const lead = leadIn(body);
        expect(renderedText(body).startsWith(renderedText(lead))).toBe(true);
        expect(leadIn(lead)).toBe(lead);
      }),
      RUNS,
    );
  });

  it("never contains anything written after the marker", () => {
    const paid = fc.array(fc.constantFrom(PAID, `- ${PAID}`, `## ${PAID}`, `> ${PAID}`, `| ${PAID} |\n|---|\n| x |`), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(doc, paid, fc.constantFrom(MORE_MARKER, "<!--more-->", "<!-- MORE -->"), (free, secret, marker) => {
        const body = [...free, marker, ...secret].join("\n\n");
        const lead = leadIn(body);
        expect(lead).not.toContain(PAID);
        expect(renderedText(lead)).not.toContain(PAID);
        expect(body.startsWith(lead.slice(0, -MORE_MARKER.length).trimEnd())).toBe(true);
      }),
      RUNS,
    );
  });

  it("holds for arbitrary text: never throws, idempotent, and its free part is a prefix of the source", () => {
    const pieces = fc.constantFrom(MORE_MARKER, "\n\n", "\n", "```", "- ", "> ", "| a |\n|---|\n", "# ", "<div>", "[x]: /u\n", "[y][x]", "    ");
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 14 }), (parts) => {
        const body = parts.join("");
        const lead = leadIn(body);
        expect(leadIn(lead)).toBe(lead);
        if (lead === "") return;
        expect(lead.endsWith(MORE_MARKER)).toBe(true);
        // the free part is the source's beginning, then possibly carried link definitions (which render no text)
        const chunks = lead.slice(0, -MORE_MARKER.length).trimEnd().split("\n\n");
        let k = chunks.length;
        while (k > 0 && !body.startsWith(chunks.slice(0, k).join("\n\n"))) k -= 1;
        expect(renderedText(chunks.slice(k).join("\n\n"))).toBe("");
      }),
      RUNS,
    );
  });
});

describe("plainText", () => {
  it("keeps reading text only, on one line", () => {
    expect(plainText("## 标题\n\n**粗体**与`代码`\n\n```\nhidden()\n```\n\n<div>x</div>\n\n![图](/a.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |")).toBe("标题 粗体与代码 a b 1 2");
  });

  it("cuts to a length with an ellipsis", () => {
    expect(plainText("一二三四五六", 4)).toBe("一二三…");
    expect(plainText("一二三", 4)).toBe("一二三");
  });
});
