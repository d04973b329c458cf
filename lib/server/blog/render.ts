import "server-only";
import { createHash } from "node:crypto";
import vm from "node:vm";
import { renderMarkdown } from "@/lib/domain/markdown";
import { logger } from "@/lib/server/logger";

/**
 * Members' bodies reach HTML only here, through renderMarkdown, within a CPU budget and cached by content.
 *
 * The parser has inputs that take far longer than their size suggests (`"*".repeat(25_000) + "a" +
 * "*".repeat(25_000)` ran for 55 s), and one render blocks the whole Node process (PGlite mode is a single
 * process). So a body is saved only when it renders within SAVE_BUDGET_MS, a page renders it within
 * VIEW_BUDGET_MS (a timeout shows a notice instead of the body), and each distinct body renders once per process
 * while it stays in the cache. The budget is enforced by node:vm's timeout, which stops synchronous code.
 */
export const SAVE_BUDGET_MS = 2000;
export const VIEW_BUDGET_MS = 3000;

/** The cache holds at most this many characters of HTML (about 2 bytes each). */
const CACHE_CHARS = 16_000_000;

interface CacheState {
  entries: Map<string, string>;
  chars: number;
  context: vm.Context | null;
}

// On globalThis so the dev server's module reloads share it.
const state: CacheState = ((globalThis as { __lianghuaBlogRender?: CacheState }).__lianghuaBlogRender ??= {
  entries: new Map(),
  chars: 0,
  context: null,
});

const keyOf = (markdown: string) => createHash("sha256").update(markdown).digest("base64url");

function remember(key: string, html: string): void {
  if (html.length > CACHE_CHARS / 4) return;
  state.entries.set(key, html);
  state.chars += html.length;
  for (const [oldest, value] of state.entries) {
    if (state.chars <= CACHE_CHARS) break;
    state.entries.delete(oldest);
    state.chars -= value.length;
  }
}

/** Renders within `budgetMs`; null when the budget ran out. */
function renderWithin(markdown: string, budgetMs: number): string | null {
  const key = keyOf(markdown);
  const hit = state.entries.get(key);
  if (hit !== undefined) {
    state.entries.delete(key);
    state.entries.set(key, hit);
    return hit;
  }
  state.context ??= vm.createContext({});
  const context = state.context as { render?: typeof renderMarkdown; source?: string };
  context.render = renderMarkdown;
  context.source = markdown;
  try {
    const html = String(vm.runInContext("render(source)", state.context, { timeout: budgetMs }));
    remember(key, html);
    return html;
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return null;
    throw err;
  } finally {
    context.source = undefined;
  }
}

/** Whether a body may be stored: it renders within the save budget (and is then cached for its first reading). */
export function bodyRenders(markdown: string, budgetMs = SAVE_BUDGET_MS): boolean {
  const ok = renderWithin(markdown, budgetMs) !== null;
  if (!ok) logger().warn({ chars: markdown.length, budgetMs }, "markdown body over its render budget");
  return ok;
}

/** The sanitised HTML of a stored body, or null when it could not be rendered within the view budget. */
export function renderBody(markdown: string, budgetMs = VIEW_BUDGET_MS): string | null {
  const html = renderWithin(markdown, budgetMs);
  if (html === null) logger().warn({ chars: markdown.length, budgetMs }, "markdown body over its render budget");
  return html;
}
