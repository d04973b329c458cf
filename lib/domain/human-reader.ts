import { isbot } from "isbot";

/**
 * Whether a request's User-Agent is a person's browser rather than a crawler, a link preview or a script (isbot's
 * maintained list: Baiduspider, Bytespider, Sogou, 360Spider, Googlebot, headless browsers, curl …). Reading counts
 * count people: a search engine walking every article would otherwise rank them by how often it came. A request
 * without a User-Agent is counted, as the few browsers that send none.
 */
export function isHumanReader(userAgent: string | null | undefined): boolean {
  return !isbot(userAgent ?? "");
}
