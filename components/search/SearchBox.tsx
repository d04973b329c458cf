"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type KeyboardEvent } from "react";
import { Search } from "lucide-react";
import { MAX_QUERY_CHARS, SEARCH_KIND_LABELS } from "@/lib/domain/search/kinds";
import { searchPath } from "@/lib/domain/search/results";
import type { Suggestions } from "./use-suggestions";
import { cn } from "@/components/ui/cn";
import { useLazyModule } from "@/components/ui/lazy-module";

const loadSuggestionsFeed = () => import("./SuggestionsFeed");
const NO_SUGGESTIONS: Suggestions = { items: [], forTerm: "", retry: () => {} };

export interface SearchBoxProps {
  initial?: string;
  /** "header": compact, icon inside; "page": large, with a 搜索 button */
  variant?: "header" | "page";
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
  /** wait this long after the last keystroke before asking for suggestions */
  debounceMs?: number;
}

/**
 * The site search box with suggestions (`/api/search/suggest`): debounced, keyboard navigable (↑ ↓ Enter Esc),
 * Enter on a suggestion opens it, otherwise Enter searches (`/search/<q>`). Without JavaScript the form still submits
 * to `/search?q=`, which redirects to `/search/<q>`.
 */
export function SearchBox({ initial = "", variant = "header", placeholder = "搜索大神、股票代码/拼音、策略、文章", autoFocus, className = "", debounceMs = 200 }: SearchBoxProps) {
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const [value, setValue] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A term given by the page (the search page's own query) is not suggested for until the visitor turns to the box.
  const [engaged, setEngaged] = useState(false);

  const term = value.trim();
  const feed = useLazyModule(loadSuggestionsFeed, engaged);
  const [suggestions, setSuggestions] = useState(NO_SUGGESTIONS);
  const { items, forTerm, retry } = suggestions;
  // New suggestions start with no row chosen (state adjusted while rendering, as React recommends).
  const [activeFor, setActiveFor] = useState(forTerm);
  if (activeFor !== forTerm) {
    setActiveFor(forTerm);
    setActive(-1);
  }
  // the last row searches for what was typed
  const options = term && forTerm === term ? items.length + 1 : 0;
  const showList = open && term.length > 0 && forTerm === term;

  function go(url: string) {
    setOpen(false);
    setActive(-1);
    router.push(url);
  }

  function submit() {
    if (active >= 0 && active < items.length && showList) go(items[active]!.url);
    else if (term) go(searchPath(term));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!options) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      // -1 (the input) … options - 1 (the 搜索 row), wrapping
      setActive((a) => ((a + 1 + step + options + 1) % (options + 1)) - 1);
    } else if (e.key === "Escape") {
      if (showList) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (e.key === "Enter") {
      e.preventDefault();
      submit();
    }
  }

  const optionId = (i: number) => `${id}-opt-${i}`;
  const large = variant === "page";

  return (
    <form
      role="search"
      action="/search"
      method="get"
      className={cn("relative flex gap-2", className)}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="relative min-w-0 flex-1">
        <label className="sr-only" htmlFor={`${id}-input`}>搜索关键词</label>
        {large ? null : <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-500" />}
        <input
          id={`${id}-input`}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={autoFocus}
          value={value}
          maxLength={MAX_QUERY_CHARS}
          placeholder={placeholder}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
            setEngaged(true);
          }}
          onFocus={() => {
            setOpen(true);
            setEngaged(true);
            if (engaged && term && forTerm !== term) retry();
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={
            large
              ? "h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand"
              : "h-9 w-full min-w-0 rounded-lg border border-slate-200 bg-slate-50 pr-2 pl-8 text-base outline-none focus:border-brand focus:bg-white sm:text-sm"
          }
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="搜索建议"
          hidden={!showList}
          className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((s, i) => (
            <li
              key={`${s.kind}:${s.url}`}
              id={optionId(i)}
              role="option"
              aria-selected={active === i}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(s.url)}
              onMouseEnter={() => setActive(i)}
              className={cn("flex cursor-pointer items-center gap-2 px-3 py-2 text-sm", active === i ? "bg-slate-100" : "")}
            >
              <span className="shrink-0 rounded bg-slate-100 px-1.5 py-px text-xs text-slate-500">{SEARCH_KIND_LABELS[s.kind]}</span>
              <span className="min-w-0 truncate text-slate-900">{s.title}</span>
              {s.detail ? <span className="ml-auto shrink-0 text-xs text-slate-500 tabular-nums">{s.detail}</span> : null}
            </li>
          ))}
          <li
            id={optionId(items.length)}
            role="option"
            aria-selected={active === items.length}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(searchPath(term))}
            onMouseEnter={() => setActive(items.length)}
            className={cn("flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-brand", active === items.length ? "bg-slate-100" : "")}
          >
            <Search aria-hidden className="h-4 w-4 shrink-0" />
            <span className="min-w-0 truncate">搜索“{term}”</span>
          </li>
        </ul>
      </div>
      {feed ? <feed.SuggestionsFeed term={engaged ? term : ""} debounceMs={debounceMs} onChange={setSuggestions} /> : null}
      {large ? (
        <button type="submit" className="inline-flex h-11 shrink-0 items-center gap-1 rounded-lg bg-brand px-4 font-medium text-white hover:bg-brand-hover">
          <Search aria-hidden className="h-4 w-4" />
          搜索
        </button>
      ) : null}
    </form>
  );
}
