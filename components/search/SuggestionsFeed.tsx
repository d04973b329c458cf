"use client";

import { useEffect, useRef } from "react";
import { useSuggestions, type Suggestions } from "./use-suggestions";

/**
 * Runs useSuggestions for the search box and reports what it holds. The box loads this module once the visitor turns
 * to it, so swr and the request client are not part of every page's first load (ADR 0062).
 */
export function SuggestionsFeed({ term, debounceMs, onChange }: { term: string; debounceMs: number; onChange: (suggestions: Suggestions) => void }) {
  const suggestions = useSuggestions(term, debounceMs);
  const retry = useRef(suggestions.retry);
  useEffect(() => {
    retry.current = suggestions.retry;
  });
  const { items, forTerm } = suggestions;
  useEffect(() => onChange({ items, forTerm, retry: () => retry.current() }), [items, forTerm, onChange]);
  return null;
}
