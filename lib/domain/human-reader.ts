import { isbot } from "isbot";

/**
 * Whether a request's User-Agent is a person's browser rather than a crawler, a link preview or a script (isbot's
 * maintained list: Baiduspider, Bytespider, Sogou, 360Spider, Googlebot, headless browsers, curl …). The admission
 * lanes (scripts/admission.cjs) take an empty one for a visitor; a reading needs more (isPersonReading).
 */
export function isHumanReader(userAgent: string | null | undefined): boolean {
  return !isbot(userAgent ?? "");
}

/** What a request says of its sender, as far as telling a person's browser goes. */
export interface ReaderSignals {
  userAgent: string | null;
  acceptLanguage: string | null;
  accept: string | null;
  /** Sec-Fetch-Mode: "navigate" for a page the browser opens; absent in old browsers */
  fetchMode: string | null;
  /** the router's fetch of a page it navigates to (the RSC header): a reading too */
  rsc: boolean;
}

export function readerSignals(headers: Headers): ReaderSignals {
  return {
    userAgent: headers.get("user-agent"),
    acceptLanguage: headers.get("accept-language"),
    accept: headers.get("accept"),
    fetchMode: headers.get("sec-fetch-mode"),
    rsc: headers.get("rsc") === "1",
  };
}

/**
 * Reading counts count people, as analytics do: a browser's User-Agent that is no crawler's, and a browser's own
 * signals — the languages it asks for (every browser sends them; scripts and most crawlers do not) and a document it
 * navigates to, or the router's fetch of one. A search engine walking every article, or a script fetching one in a
 * loop, would otherwise rank them by how often it came.
 */
export function isPersonReading(s: ReaderSignals): boolean {
  if (!s.userAgent?.trim() || !isHumanReader(s.userAgent) || !s.acceptLanguage?.trim()) return false;
  if (s.rsc) return true;
  if (s.fetchMode) return s.fetchMode === "navigate";
  return /text\/html/i.test(s.accept ?? "");
}
