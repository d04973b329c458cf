import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import type { Nodes, Root, RootContent } from "mdast";
import { boundMarkdown } from "./markdown";

/**
 * The free part of a gated article (its lead-in), cut from the Markdown source before the paid part, so that the
 * paid text never has to be hidden: it is simply never sent. Pure; the data layer calls it for every viewer below
 * the article's level.
 */

/** Where an editor ends the free part: `<!-- more -->` on its own line (case and inner spaces do not matter). */
export const MORE_MARKER = "<!-- more -->";
const MARKER = /<!--\s*more\s*-->/i;

/** The class on the free part and on what stands for the paid part (JSON-LD `hasPart.cssSelector`, class only). */
export const PAYWALL_LEAD_CLASS = "paywall-lead";
export const PAYWALL_LOCKED_CLASS = "paywall-locked";

/** Without a marker: at most this many paragraphs, and never more than half of the body. */
export const LEAD_IN_PARAGRAPHS = 2;

const parser = unified().use(remarkParse).use(remarkGfm);

/** The tree of a source already passed through boundMarkdown (the pipeline's limits on nesting and delimiters). */
function parse(bounded: string): Root | null {
  try {
    return parser.parse(bounded);
  } catch {
    return null; // a structure the bounds did not foresee: treat as unreadable
  }
}

const start = (node: Nodes): number => node.position?.start.offset ?? 0;
const end = (node: Nodes): number => node.position?.end.offset ?? 0;

function some(node: Nodes, test: (n: Nodes) => boolean): boolean {
  if (test(node)) return true;
  return "children" in node && (node.children as Nodes[]).some((c) => some(c, test));
}

function each(node: Nodes, visit: (n: Nodes) => void): void {
  visit(node);
  if ("children" in node) for (const c of node.children as Nodes[]) each(c, visit);
}

const isMarker = (n: Nodes): boolean => n.type === "html" && MARKER.test(n.value);
const isNote = (n: RootContent): boolean => n.type === "definition" || n.type === "footnoteDefinition";

/**
 * Where the free part ends (an offset into the source, always between two top-level blocks, so a code block, table,
 * list or quote is never cut), or null when the whole body is free to show.
 *
 * - With a marker: before the first top-level block that holds one (a marker inside a list, a quote or a paragraph
 *   takes that whole block with it into the paid part; a marker inside code is text, not a marker).
 * - Without: the leading blocks up to the second paragraph, never more than half of the body, and never the last
 *   block (a gated body always keeps something back).
 */
function cutOffset(markdown: string, tree: Root): number | null {
  const marked = tree.children.find((block) => some(block, isMarker));
  if (marked) return start(marked);
  const blocks = tree.children.filter((b) => !isNote(b));
  if (blocks.length === 0) return null;
  const half = markdown.trimEnd().length / 2;
  let cut = 0;
  let paragraphs = 0;
  for (const block of blocks.slice(0, -1)) {
    if (paragraphs >= LEAD_IN_PARAGRAPHS || end(block) > half) break;
    cut = end(block);
    if (block.type === "paragraph") paragraphs += 1;
  }
  return cut;
}

/**
 * Link and image definitions the free part refers to but that stand after the cut (editors often keep them at the
 * end): without them `[text][1]` would show as plain brackets. Only the definition is taken (a URL and a title),
 * never footnote text.
 */
function definitionsAfter(markdown: string, tree: Root, cut: number): string[] {
  const used = new Set<string>();
  for (const block of tree.children) {
    if (start(block) >= cut) break;
    each(block, (n) => {
      if (n.type === "linkReference" || n.type === "imageReference") used.add(n.identifier);
    });
  }
  const seen = new Set<string>();
  const taken: string[] = [];
  for (const block of tree.children) {
    if (block.type !== "definition" || seen.has(block.identifier)) continue;
    seen.add(block.identifier); // the first definition of a label wins
    if (start(block) >= cut && used.has(block.identifier)) taken.push(markdown.slice(start(block), end(block)).trim());
  }
  return taken;
}

/**
 * The lead-in of a Markdown body: the part before `<!-- more -->`, else the first two paragraphs (see cutOffset).
 * It ends with the marker itself, so that the lead-in of a lead-in is the same text (idempotent), and it renders
 * through the one Markdown pipeline like any body (the marker is an HTML comment, which renders as nothing).
 * A body with no blocks at all is returned as "".
 */
export function leadIn(body: string): string {
  const { markdown, tree, cut } = split(body);
  if (!tree) return MORE_MARKER; // unreadable: keep everything back
  if (cut === null) return "";
  const free = markdown.slice(0, cut).trimEnd();
  const parts = [free, definitionsAfter(markdown, tree, cut).join("\n"), MORE_MARKER].filter(Boolean);
  return parts.join("\n\n");
}

/**
 * The source cut where the free part ends. Cut the bounded source: it renders exactly like the body does
 * (renderMarkdown bounds it too), and members' pathological input cannot make this parse slow. For ordinary
 * documents it is the body itself.
 */
function split(body: string): { markdown: string; tree: Root | null; cut: number | null } {
  const markdown = boundMarkdown(body);
  const tree = parse(markdown);
  return { markdown, tree, cut: tree ? cutOffset(markdown, tree) : 0 };
}

/**
 * The paid part of a gated body: the Markdown after the lead-in's cut (the whole body when it cannot be read, ""
 * when all of it is free). Only to recognise paid text elsewhere (a summary quoting it), never to show it.
 */
export function paidPart(body: string): string {
  const { markdown, cut } = split(body);
  return cut === null ? "" : markdown.slice(cut);
}

/** True when the body names where its free part ends. */
export function hasMoreMarker(markdown: string): boolean {
  return parse(boundMarkdown(markdown))?.children.some((b) => some(b, isMarker)) ?? false;
}

const BLOCKISH = new Set(["list", "listItem", "blockquote", "table", "tableRow"]);

function textOf(node: Nodes): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value;
    case "break":
      return " ";
    case "html":
    case "code":
    case "definition":
    case "footnoteDefinition":
    case "footnoteReference":
    case "image":
    case "imageReference":
      return "";
    default:
      return "children" in node ? (node.children as Nodes[]).map(textOf).join(BLOCKISH.has(node.type) ? " " : "") : "";
  }
}

/**
 * The reading text of Markdown on one line (no code blocks, no HTML, no images), cut to `max` characters with an
 * ellipsis: for descriptions and snippets. Callers pass a lead-in for gated bodies, never the paid body.
 */
export function plainText(markdown: string, max = Infinity): string {
  const text = (parse(boundMarkdown(markdown))?.children ?? [])
    .map(textOf)
    .filter(Boolean)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join("").trimEnd()}…`;
}
