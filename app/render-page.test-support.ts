import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Renders a server page in Jest the way the server sends it, for tests that look for text that must never be sent:
 * `html` is the page's markup and `payload` stands for its RSC (Flight) payload. Server components (plain or async
 * functions) are called down to host elements; a component that uses hooks cannot be called outside React, which is
 * how a client component is recognised, and its props are what Flight sends for it. `payload` holds the props of
 * every element met (client components' and more), so it is a superset of the real payload.
 */
export interface RenderedPage {
  html: string;
  payload: string;
}

const CLIENT = Symbol("client component");

function isHookCall(err: unknown): boolean {
  return err instanceof TypeError && /reading '(use[A-Za-z]*)'/.test(err.message);
}

async function resolve(node: unknown, props: unknown[]): Promise<ReactNode> {
  if (node instanceof Promise) return resolve(await node, props);
  if (Array.isArray(node)) return Promise.all(node.map((n) => resolve(n, props)));
  if (!isValidElement(node)) return node as ReactNode;
  const element = node as ReactElement<Record<string, unknown>>;
  const { children, ...rest } = element.props;
  if (typeof element.type === "function" && !(element.type.prototype && "render" in element.type.prototype)) {
    let out: unknown = CLIENT;
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined); // React's "Invalid hook call"
    try {
      out = (element.type as (p: unknown) => unknown)(element.props);
    } catch (err) {
      if (!isHookCall(err)) throw err;
    } finally {
      quiet.mockRestore();
    }
    if (out !== CLIENT) return resolve(out, props);
  }
  props.push(rest);
  if (children === undefined) return element;
  const resolved = await resolve(children, props);
  // Spread, as JSX passes several children: a list keeps its keys, and React does not ask static children for keys.
  return Array.isArray(resolved) ? cloneElement(element, undefined, ...resolved) : cloneElement(element, { children: resolved } as never);
}

/** JSON of props, without React's internals, functions and cycles. */
function serialise(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (key, v: unknown) => {
    if (key.startsWith("_") || typeof v === "function" || typeof v === "symbol") return undefined;
    if (v && typeof v === "object") {
      if (seen.has(v)) return undefined;
      seen.add(v);
    }
    return v;
  });
}

/** `wrap` puts the resolved page inside what the layout gives it (its client providers). */
export async function renderPage(page: unknown, wrap: (page: ReactNode) => ReactElement = (p) => p as ReactElement): Promise<RenderedPage> {
  const props: unknown[] = [];
  const tree = await resolve(page, props);
  return { html: renderToStaticMarkup(wrap(tree)), payload: serialise(props) };
}
