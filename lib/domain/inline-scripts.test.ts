import fc from "fast-check";
import { inlineScripts } from "./inline-scripts";
import { renderMarkdown } from "./markdown";

/** What a browser's input stream makes of text before it is tokenized (newlines normalized, NUL replaced in scripts). */
function asBrowserReads(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\0/g, "\uFFFD");
}

describe("inlineScripts", () => {
  it("finds each inline script's exact text, not those loaded from a file", () => {
    const html =
      '<html><head><script src="/_next/static/chunks/a.js" async=""></script><script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
      '</head><body><script id="x">self.__next_f.push([1,"a\\u003c/script>b"])</script>' +
      '<script type="application/ld+json">{"@type":"Article"}</script><img data-src="y"><script data-src="z">go()</script></body></html>';
    expect(inlineScripts(html)).toEqual([
      "(self.__next_f=self.__next_f||[]).push([0])",
      'self.__next_f.push([1,"a\\u003c/script>b"])',
      '{"@type":"Article"}',
      "go()",
    ]);
  });

  it("adds nothing for a script written inside an attribute, and an unclosed one there hides no real script", () => {
    // A member's image alt text as the Markdown renderer writes it: only quotes and ampersands are escaped.
    const body = renderMarkdown("![<script>alert(1)</script>](https://example.com/a.png)\n\n![<script>](https://example.com/b.png)");
    expect(body).toContain('alt="<script>alert(1)</script>"');
    const html = `<body><article>${body}</article><script>self.__next_f.push([1,"real"])</script></body>`;
    expect(inlineScripts(html)).toEqual(['self.__next_f.push([1,"real"])']);
  });

  it("reads the text as a browser does: character references decoded in SVG scripts, not in HTML ones", () => {
    expect(inlineScripts("<script>a &amp; b</script><svg><script>c &amp; d</script></svg>")).toEqual(["a &amp; b", "c & d"]);
    expect(inlineScripts("<script>one\r\ntwo\rthree</script>")).toEqual(["one\ntwo\nthree"]);
  });

  it("finds every script written beside any text a member's Markdown could hold (property)", () => {
    // React's escaping of script text: no "</script" inside, and "<!--" is escaped as well.
    const scriptText = fc.string({ maxLength: 60 }).map((s) => s.replace(/<\/script/gi, "\\u003c/script").replace(/<!--/g, "\\u003c!--"));
    const memberText = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("<script>", "</script>", "<script>x</script>", "<!--", "<svg><script>"));
    fc.assert(
      fc.property(fc.array(scriptText, { maxLength: 6 }), fc.array(memberText, { maxLength: 6 }), (texts, given) => {
        const bodies = given.map((g) => renderMarkdown(`![${g.replace(/[[\]\\]/g, "")}](https://example.com/i.png) ${g}`));
        const html = `<html><body>${texts.map((t, i) => `<div>${bodies[i] ?? ""}</div><script>${t}</script>`).join("")}</body></html>`;
        expect(inlineScripts(html)).toEqual(texts.map(asBrowserReads));
      }),
    );
  });
});
