import { parse, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

function isElement(node: Node): node is Element {
  return "tagName" in node;
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");
}

/**
 * The text of every inline script of the document as a browser reads it (parse5 follows the HTML standard's
 * tokenizer and tree builder): a policy allows each by the hash of this text. A `<script>` that is only text inside
 * an attribute (an image's alt written by a member) is no element, so it adds no hash; an unclosed one in text could
 * not swallow the next real script either. Data blocks (JSON-LD) are included: a hash too many allows nothing, and no
 * list of script types can be wrong then. Scripts in SVG count as well: browsers run them.
 */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  const pending: Node[] = [parse(html, { scriptingEnabled: true })];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (isElement(node) && node.tagName === "script" && !node.attrs.some((a) => a.name === "src")) found.push(textOf(node));
    const children = "childNodes" in node ? node.childNodes : [];
    const content = node.nodeName === "template" ? (node as DefaultTreeAdapterMap["template"]).content.childNodes : [];
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
    for (let i = content.length - 1; i >= 0; i--) pending.push(content[i]!);
  }
  return found;
}
