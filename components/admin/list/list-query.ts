import { z } from "zod";

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/**
 * `?q=…&page=n` of an admin list with a search box: the first of repeated values, the query trimmed and cut to
 * `maxQueryLength`; a page that is not a whole number from 1 is left out (the list shows its first page).
 */
export function adminListQuery(maxQueryLength: number) {
  return z.object({
    q: z.preprocess(first, z.string().transform((s) => s.trim().slice(0, maxQueryLength))).optional().catch(undefined),
    page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000)).optional().catch(undefined),
  });
}
