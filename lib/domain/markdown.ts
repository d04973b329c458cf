import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkRehype from "remark-rehype";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import type { Element as HastElement, Root as HastRoot } from "hast";

/** The box a body's table scrolls sideways in (narrow screens); its class is styled in app/globals.css. */
export const TABLE_SCROLL_CLASS = "table-scroll";
const TABLE_SCROLL_LABEL = "表格（可左右滑动）";

/**
 * GitHub's schema, and the table box below: a `div` of that one class, focusable, a named region. Raw HTML never
 * reaches the sanitiser (remark-rehype drops it), so only this pipeline makes such a box.
 */
export const SANITIZE_SCHEMA: typeof defaultSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    div: [...(defaultSchema.attributes?.div ?? []), ["className", TABLE_SCROLL_CLASS], ["tabIndex", 0], ["role", "region"], ["ariaLabel", TABLE_SCROLL_LABEL]],
  },
};

/**
 * Puts each table in a box that scrolls sideways and takes the keyboard's focus, named as a region: on a phone a wide
 * table scrolls, and a keyboard reader must be able to scroll it too (WCAG 2.1.1).
 */
function rehypeScrollableTables() {
  const wrap = (node: HastRoot | HastElement) => {
    node.children = node.children.map((child) => {
      if (child.type !== "element") return child;
      if (child.tagName !== "table") {
        wrap(child);
        return child;
      }
      return { type: "element", tagName: "div", properties: { className: [TABLE_SCROLL_CLASS], tabIndex: 0, role: "region", ariaLabel: TABLE_SCROLL_LABEL }, children: [child] } satisfies HastElement;
    });
  };
  return (tree: HastRoot) => wrap(tree);
}

/**
 * The one Markdown → HTML pipeline for every body the site renders (articles, blogs). Raw HTML in the source is
 * dropped (remark-rehype without allowDangerousHtml) and the result passes GitHub's sanitize schema last.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeScrollableTables)
  .use(rehypeSanitize, SANITIZE_SCHEMA)
  .use(rehypeStringify);

/**
 * Deepest nesting of block containers (block quotes, list items) one line may open. Bodies are untrusted:
 * `"> - ".repeat(12_500)` took minutes of CPU and then overflowed the stack, on every render.
 */
export const MAX_NESTING = 32;

const isSpace = (c: string | undefined) => c === undefined || c === " " || c === "\t";
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** Index of the container marker that would nest deeper than MAX_NESTING on this line, or -1. */
function nestingCut(line: string): number {
  let column = 0;
  let indent = 0;
  let markers = 0;
  // The one column of space a marker may take after it ("> ", "- ") is part of the marker, not indentation.
  let free = 0;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === " " || c === "\t") {
      const width = c === "\t" ? 4 - (column % 4) : 1;
      const taken = Math.min(free, width);
      column += width;
      free -= taken;
      indent += width - taken;
      i += 1;
      continue;
    }
    let end = -1;
    if (c === ">") end = i + 1;
    else if ((c === "-" || c === "*" || c === "+") && isSpace(line[i + 1])) end = i + 1;
    else if (isDigit(c)) {
      let j = i;
      while (j - i < 9 && isDigit(line[j])) j += 1;
      if ((line[j] === "." || line[j] === ")") && isSpace(line[j + 1])) end = j + 1;
    }
    if (end < 0) return -1;
    markers += 1;
    // A nested list item sits at least two columns right of its parent's content: two columns count as one level.
    if (markers + Math.floor(indent / 2) > MAX_NESTING) return i;
    column += end - i;
    free = 1;
    i = end;
  }
  return -1;
}

/**
 * Bounds the nesting the parser can be made to build: the first container marker of a line beyond MAX_NESTING
 * gets a backslash, which makes it and the rest of the line text. Documents within the bound come back as the
 * same string.
 */
export function boundMarkdown(markdown: string): string {
  const parts = markdown.split(/(\r\n|\r|\n)/);
  let changed = false;
  for (let p = 0; p < parts.length; p += 2) {
    const line = parts[p]!;
    const cut = nestingCut(line);
    if (cut < 0) continue;
    parts[p] = `${line.slice(0, cut)}\\${line.slice(cut)}`;
    changed = true;
  }
  return changed ? parts.join("") : markdown;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Recent documents and their HTML: an article page renders the same body for every reader. */
const rendered = new Map<string, string>();
const REMEMBERED_DOCUMENTS = 200;
const REMEMBERED_MAX_CHARS = 200_000;

/** Markdown to sanitised HTML (the same output for the same input, so recent results are reused). */
export function renderMarkdown(markdown: string): string {
  const known = rendered.get(markdown);
  if (known !== undefined) return known;
  const html = renderUncached(markdown);
  if (markdown.length <= REMEMBERED_MAX_CHARS) {
    if (rendered.size >= REMEMBERED_DOCUMENTS) rendered.delete(rendered.keys().next().value as string);
    rendered.set(markdown, html);
  }
  return html;
}

function renderUncached(markdown: string): string {
  try {
    return String(processor.processSync(boundMarkdown(markdown)));
  } catch {
    // A structure the bounds above did not foresee (e.g. a stack overflow): show the source as plain text.
    return `<p>${escapeHtml(markdown)}</p>`;
  }
}
