"use client";

import { useEffect, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { request } from "@/lib/client/request";
import { wellFormed, type Suggestion } from "@/lib/domain/search/results";

export const SUGGEST_API = "/api/search/suggest";

const suggestKey = (term: string) => `${SUGGEST_API}?q=${encodeURIComponent(wellFormed(term))}`;

async function fetchSuggestions(key: string): Promise<Suggestion[]> {
  const body = await request.get<{ items?: Suggestion[] } | null>(key, undefined, { silent: true });
  return Array.isArray(body?.items) ? body.items : [];
}

const NONE: Suggestion[] = [];

/** Asked once per term and kept for the page's life: suggestions do not go stale while typing. */
const ONCE_PER_TERM = {
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
} as const;

export interface Suggestions {
  items: Suggestion[];
  /** The term `items` answer; "" while none has arrived (refused, offline or still asked). */
  forTerm: string;
  /** Asks again for the term (after a refusal, when the box gets the focus back). */
  retry: () => void;
}

/**
 * Suggestions for `term` from the request client through swr: asked `debounceMs` after the last keystroke, at once
 * for a term already answered. A refusal (e.g. the rate limit) shows nothing new.
 */
export function useSuggestions(term: string, debounceMs: number): Suggestions {
  const { cache } = useSWRConfig();
  const [asked, setAsked] = useState("");
  const answered = term !== "" && cache.get(suggestKey(term))?.data !== undefined;

  useEffect(() => {
    if (answered || term === "") return;
    const timer = setTimeout(() => setAsked(term), debounceMs);
    return () => clearTimeout(timer);
  }, [term, answered, debounceMs]);

  const current = answered || term === "" ? term : asked;
  const { data, mutate } = useSWR(current ? suggestKey(current) : null, fetchSuggestions, ONCE_PER_TERM);
  return { items: data ?? NONE, forTerm: data ? current : "", retry: () => void mutate() };
}
