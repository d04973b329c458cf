import "server-only";
import { headers } from "next/headers";
import { isPersonReading, readerSignals } from "@/lib/domain/human-reader";
import { PAGE_FILL_HEADER } from "@/lib/domain/page-cache";
import type { Viewer } from "@/lib/server/auth/viewer";

/**
 * Whether this render of a page is the page cache's own (ADR 0065/0067): the visitor's render it keeps, or the render
 * of an access class's view. Nobody is reading it, and whatever it shows is shown to many.
 */
export async function renderIsForTheCache(viewer: Viewer | null): Promise<boolean> {
  return Boolean(viewer?.accessClassOnly) || (await headers()).has(PAGE_FILL_HEADER);
}

/**
 * Whether this render is a person reading the page: not a router prefetch, not a render for the page cache (each
 * answer from the cache counts itself), not a crawler's visit.
 */
export async function renderIsAPersonReading(): Promise<boolean> {
  const request = await headers();
  return !request.has("next-router-prefetch") && !request.has(PAGE_FILL_HEADER) && isPersonReading(readerSignals(request));
}
