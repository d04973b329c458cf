/** @jest-environment jsdom */
// jsdom: the output is checked as a browser reads it (DOMParser on a spec-compliant HTML parser), not by regex alone.
import fc from "fast-check";
import type { ElementContent, Properties, Root } from "hast";
import { find, html as htmlInfo } from "property-information";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { boundMarkdown, MAX_NESTING, renderMarkdown, SANITIZE_SCHEMA, TABLE_SCROLL_CLASS } from "./markdown";

// 300 cases a run, each run a fresh seed: a failure prints its seed and path to replay it (docs/testing.md).
const RUNS = { numRuns: 300 };

describe("renderMarkdown", () => {
  it("renders headings, tables and emphasis", () => {
    const html = renderMarkdown("## 费用\n\n| 列 | 含义 |\n|---|---|\n| 佣金 | **双向** |");
    expect(html).toContain("<h2>费用</h2>");
    expect(html).toContain("<table>");
    expect(html).toContain("<strong>双向</strong>");
  });

  it("puts a table in a box a keyboard can focus and scroll, named as a region", () => {
    const html = renderMarkdown("| 列 | 含义 |\n|---|---|\n| 佣金 | 双向 |");
    const box = parse(html).querySelector(`div.${TABLE_SCROLL_CLASS}`);
    expect(box?.getAttribute("tabindex")).toBe("0");
    expect(box?.getAttribute("role")).toBe("region");
    expect(box?.getAttribute("aria-label")).toBe("表格（可左右滑动）");
    expect(box?.firstElementChild?.tagName).toBe("TABLE");
    // an author cannot make one: raw HTML never reaches the page
    expect(renderMarkdown('<div class="table-scroll" tabindex="0" role="region">x</div>')).not.toContain("tabindex");
  });

  it.each([
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>', "<iframe src=//evil.com>", "<svg onload=alert(1)>",
  ])("drops the active content of %s", (payload) => {
    const html = renderMarkdown(payload);
    expect(html).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg/i);
  });

  it("never emits script, event handlers or javascript: URLs", () => {
    const pieces = fc.constantFrom("<script>", "</script>", "<img src=x onerror=a()>", "[l](javascript:x)", "<a href='javascript:1'>", "**", "\n\n", "# ", "<div onclick=x>");
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 }), (parts) => {
        const html = renderMarkdown(parts.join(""));
        expect(html).not.toMatch(/<script|<[^>]*\son[a-z]+=|href="javascript:/i);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Hostile input, read back the way a browser reads it.

/** URL schemes written the ways filters get fooled: case, entities, tabs and newlines, leading controls, encoding. */
const URLS = [
  "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
  "java&#x09;script:alert(1)", "&#106;avascript:alert(1)", "javascript&colon;alert(1)", "\u0001javascript:alert(1)",
  "javascript://%0aalert(1)", "%6aavascript:alert(1)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>", "vbscript:msgbox(1)", "jar:https://x!/", "https://ok.example/a?b=1&c=2",
  "/relative/path", "#frag", "mailto:a@b.c", "//evil.example/x",
];

const url = fc.constantFrom(...URLS);
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("x", "点击", "a b"));

/** Markdown and HTML constructs that carry a URL. */
const linkish = fc.tuple(fc.integer({ min: 0, max: 8 }), text, url).map(([kind, t, u]) =>
  [
    `[${t}](${u})`, `![${t}](${u})`, `<${u}>`, `[${t}][r]\n\n[r]: ${u}`, `<a href="${u}">${t}</a>`, `<img src="${u}">`,
    `[${t}](${u} "title")`, `[![${t}](${u})](${u})`, `${u}`,
  ][kind]!,
);

/** Raw HTML an attacker tries, including known sanitiser bypasses (mXSS, parser differentials). */
const HTML = [
  "<script>alert(1)</script>", "<script src=//evil.example/x.js></script>", "<style>*{color:red}</style>",
  "<iframe src=javascript:alert(1)>", "<svg/onload=alert(1)>", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', "<xmp><img src=x onerror=alert(1)></xmp>",
  "<!--<img src=x onerror=alert(1)>-->", "<details open ontoggle=alert(1)>", "<form action=javascript:alert(1)><button>x",
  "<object data=javascript:alert(1)>", "<embed src=javascript:alert(1)>", "<base href=javascript:/>",
  "<meta http-equiv=refresh content=0;url=javascript:alert(1)>", "<input autofocus onfocus=alert(1)>",
  '<div style="background:url(javascript:alert(1))">', "<a id=x name=y>clobber</a>", '<img src="x" srcset="javascript:alert(1)">',
  "<template><script>alert(1)</script></template>", "<textarea><img src=x onerror=alert(1)></textarea>",
  "<body onload=alert(1)>", "<p/onclick=alert(1)>", "<a href=javascript&#58;alert(1)>x</a>", "</p><script>alert(1)</script><p>",
];

const MARKDOWN = [
  "**", "_", "`", "```\n", "~~~\n", "\n", "\n\n", "> ", "- ", "1. ", "# ", "| a | b |\n|---|---|\n| ", " |\n", "[^1]", "\n\n[^1]: ",
  "\\", "&", "&lt;", "&#60;", "&#x3C;", "<", ">", "\"", "'", "=", "    ", "- [ ] ", "---\n", "<https://e.com>", "www.e.com",
];

const hostile = fc
  .array(fc.oneof(linkish, fc.constantFrom(...HTML), fc.constantFrom(...MARKDOWN), fc.string({ maxLength: 8 }), fc.string({ unit: "binary", maxLength: 6 })), { maxLength: 16 })
  .map((parts) => parts.join(""));

const HREF_SCHEMES = new Set(defaultSchema.protocols!.href!.map((p) => `${p}:`));
const SRC_SCHEMES = new Set(defaultSchema.protocols!.src!.map((p) => `${p}:`));
const URL_ATTRIBUTES: Record<string, Set<string>> = { href: HREF_SCHEMES, src: SRC_SCHEMES, cite: SRC_SCHEMES, longdesc: SRC_SCHEMES };
const ALLOWED_TAGS = new Set(defaultSchema.tagNames);

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html").body;

/** Every way a parsed fragment could run script, load a foreign scheme or clobber the DOM; [] when inert. */
function liveContent(html: string): string[] {
  const problems: string[] = [];
  const body = parse(html);
  for (const el of Array.from(body.querySelectorAll("*"))) {
    const tag = el.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) problems.push(`<${tag}>`);
    for (const { name, value } of Array.from(el.attributes)) {
      if (/^on/i.test(name) || ["style", "srcset", "srcdoc", "formaction", "action", "background", "poster", "xlink:href"].includes(name)) {
        problems.push(`${tag}[${name}]`);
      }
      const schemes = URL_ATTRIBUTES[name];
      // A value the URL parser rejects is a dead link in a browser too: nothing to load or run.
      const protocol = schemes && URL.canParse(value, "https://site.example/") ? new URL(value, "https://site.example/").protocol : null;
      if (schemes && protocol !== null && !schemes.has(protocol)) problems.push(`${tag}[${name}=${protocol}]`);
      if ((name === "id" || name === "name") && !value.startsWith("user-content-")) problems.push(`${tag}[${name}] unprefixed`);
    }
  }
  if (body.querySelector("script, style, iframe, object, embed, svg, math, form, base, meta, link, template, noscript")) problems.push("forbidden element");
  return problems;
}

/** A parsed DOM node as hast, with attribute names mapped to hast properties the way rehype does. */
function toHast(node: Node): ElementContent | null {
  if (node.nodeType === Node.TEXT_NODE) return { type: "text", value: node.nodeValue ?? "" };
  if (node.nodeType === Node.COMMENT_NODE) return { type: "comment", value: node.nodeValue ?? "" };
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const properties: Properties = {};
  for (const { name, value } of Array.from(el.attributes)) {
    const info = find(htmlInfo, name);
    properties[info.property] = info.boolean
      ? true
      : info.spaceSeparated
        ? value.split(/\s+/).filter(Boolean)
        : info.commaSeparated
          ? value.split(",").map((s) => s.trim())
          : info.number && value.trim() !== "" && !Number.isNaN(Number(value))
            ? Number(value)
            : value;
  }
  const children = Array.from(el.childNodes).map(toHast).filter((c): c is ElementContent => c !== null);
  return { type: "element", tagName: el.tagName.toLowerCase(), properties, children };
}

// The same schema, without adding the id prefix a second time (ids already carry it; liveContent checks that).
const resanitizer = unified().use(rehypeSanitize, { ...SANITIZE_SCHEMA, clobberPrefix: "" }).use(rehypeStringify);

/** What one more pass of the sanitiser would remove from the output, as the difference of the two serialisations. */
function resanitized(html: string): { before: string; after: string } {
  const tree: Root = { type: "root", children: Array.from(parse(html).childNodes).map(toHast).filter((c): c is ElementContent => c !== null) };
  const before = resanitizer.stringify(JSON.parse(JSON.stringify(tree)) as Root);
  const after = resanitizer.stringify(resanitizer.runSync(tree) as Root);
  return { before, after };
}

describe("renderMarkdown on hostile input (property tests, ≥ 1000 inputs each)", () => {
  it("yields nothing live: only allowed elements, no event handlers or style, no foreign URL schemes, prefixed ids", () => {
    fc.assert(
      fc.property(hostile, (source) => {
        expect(liveContent(renderMarkdown(source))).toEqual([]);
      }),
      RUNS,
    );
  });

  it("is idempotent under its own sanitiser: a second pass over the parsed output removes nothing", () => {
    fc.assert(
      fc.property(hostile, (source) => {
        const { before, after } = resanitized(renderMarkdown(source));
        expect(after).toBe(before);
      }),
      RUNS,
    );
  });

  it("is stable when a browser re-serialises and re-parses it (no mutation XSS)", () => {
    fc.assert(
      fc.property(hostile, (source) => {
        const once = parse(renderMarkdown(source)).innerHTML;
        expect(parse(once).innerHTML).toBe(once);
        expect(liveContent(once)).toEqual([]);
      }),
      RUNS,
    );
  });

  it("is deterministic: the same source always gives the same HTML, whatever was rendered before", () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const first = renderMarkdown(a);
        renderMarkdown(b);
        expect(renderMarkdown(a)).toBe(first);
      }),
      RUNS,
    );
  });

  it.each(URLS)("never links or loads %j unless the scheme is allowed", (u) => {
    for (const source of [`[x](${u})`, `![x](${u})`, `<${u}>`, `[x][r]\n\n[r]: ${u}`]) expect(liveContent(renderMarkdown(source))).toEqual([]);
  });

  it("keeps the author's text readable: hostile text is escaped or dropped, never run", () => {
    const html = renderMarkdown("a <b onclick=x>粗</b> `<script>` & \"q\"");
    expect(html).toBe('<p>a 粗 <code>&#x3C;script></code> &#x26; "q"</p>');
    expect(parse(html).querySelector("code")!.textContent).toBe("<script>");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The nesting bound: cheap and harmless for real documents, decisive for hostile ones.

describe("boundMarkdown and deep nesting", () => {
  const marker = fc.constantFrom("> ", "- ", "* ", "+ ", "1. ", "2) ", ">");
  const ordinaryLine = fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.array(marker, { maxLength: MAX_NESTING - 1 }), fc.string({ maxLength: 20 }))
    .map(([spaces, markers, rest]) => `${" ".repeat(spaces)}${markers.join("")}x${rest}`);

  it(`leaves every document within ${MAX_NESTING} levels exactly as it was`, () => {
    fc.assert(
      fc.property(fc.array(ordinaryLine, { maxLength: 20 }), fc.constantFrom("\n", "\r\n", "\r"), (lines, eol) => {
        const doc = lines.join(eol);
        expect(boundMarkdown(doc)).toBe(doc);
      }),
      RUNS,
    );
  });

  it("is idempotent, and renderMarkdown gives the same HTML for a source and its bounded form", () => {
    const deep = fc.tuple(fc.array(marker, { minLength: 20, maxLength: 80 }), fc.string({ maxLength: 10 })).map(([m, t]) => m.join("") + t);
    fc.assert(
      fc.property(fc.array(fc.oneof(deep, hostile), { maxLength: 4 }), (lines) => {
        const doc = lines.join("\n");
        const bounded = boundMarkdown(doc);
        expect(boundMarkdown(bounded)).toBe(bounded);
        expect(renderMarkdown(bounded)).toBe(renderMarkdown(doc));
      }),
      RUNS,
    );
  });

  it(`opens at most ${MAX_NESTING} containers per line and keeps the rest as text`, () => {
    const quotes = renderMarkdown(`${"> ".repeat(100)}深`);
    expect(quotes.match(/<blockquote>/g)).toHaveLength(MAX_NESTING);
    expect(parse(quotes).textContent).toContain(`${"> ".repeat(100 - MAX_NESTING)}深`);
    expect(renderMarkdown(`${"- ".repeat(100)}x`).match(/<ul>/g)).toHaveLength(MAX_NESTING);
    let indented = "";
    for (let depth = 0; depth < 60; depth += 1) indented += `${"  ".repeat(depth)}- 第 ${depth + 1} 层\n`;
    expect(renderMarkdown(indented).match(/<ul>/g)).toHaveLength(MAX_NESTING);
  });

  // Before the bound each of these ran for seconds to minutes and most ended in "Maximum call stack size exceeded".
  it.each([
    ["> - ", 12_500], ["- > ", 12_500], [">", 50_000], ["> ", 25_000], ["1. ", 16_666], ["- ", 25_000], ["* ", 25_000],
  ])("renders %j × %i (50,000 characters) quickly and without falling back", (piece, times) => {
    const started = Date.now();
    const html = renderMarkdown(piece.repeat(times));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(html).toMatch(/^<(blockquote|ul|ol)>/);
    expect(liveContent(html)).toEqual([]);
  });
});
