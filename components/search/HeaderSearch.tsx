import Link from "@/components/ui/Link";
import { Search } from "lucide-react";
import { SearchBox } from "./SearchBox";

/**
 * The header's search: the box with suggestions from 640 px up; below that (375 px phones) an icon that opens /search,
 * whose page box takes the focus. A drop-in for the header's search icon.
 */
export function HeaderSearch() {
  return (
    <>
      <SearchBox variant="header" className="hidden w-52 sm:flex lg:w-64" placeholder="大神、股票代码/拼音、策略、文章" />
      <Link
        href="/search"
        aria-label="搜索"
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand sm:hidden"
      >
        <Search aria-hidden="true" size={20} />
      </Link>
    </>
  );
}
