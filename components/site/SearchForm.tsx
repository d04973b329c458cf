"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Search } from "lucide-react";

/** Search box that navigates to /search/{name}. */
export function SearchForm({ initial }: { initial: string }) {
  const router = useRouter();
  const [value, setValue] = useState(initial);
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const term = value.trim().slice(0, 50);
        if (term) router.push(`/search/${encodeURIComponent(term)}`);
      }}
    >
      <label className="sr-only" htmlFor="site-search">搜索关键词</label>
      <input
        id="site-search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        maxLength={50}
        placeholder="大神、股票代码、策略或文章"
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand"
      />
      <button type="submit" className="inline-flex h-11 items-center gap-1 rounded-lg bg-brand px-4 font-medium text-white">
        <Search aria-hidden className="h-4 w-4" />
        搜索
      </button>
    </form>
  );
}
