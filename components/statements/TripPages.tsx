import { Pagination } from "@/components/content/Pagination";
import { isPageIndex } from "@/lib/domain/route-params";
import { RoundTripTable } from "./RoundTripTable";
import type { RoundTripJson } from "./types";

/** 全部交易 shows this many round trips a page (`?page=N`, page 1 without it). */
export const TRIPS_PER_PAGE = 50;

/** The page of 全部交易 asked for: a page number in plain digits, else the first; past the last, the last. */
function tripPage(value: string, total: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / TRIPS_PER_PAGE));
  return { page: Math.min(isPageIndex(value) ? Number(value) : 1, pages), pages };
}

/** 全部交易, newest first, 50 round trips a page with 上一页 / 下一页 links (`?page=N`). */
export function TripPages({ trips, requested, base, hrefFor }: {
  trips: RoundTripJson[];
  /** the `page` query parameter as given */
  requested: string;
  base: string;
  hrefFor?: (trip: RoundTripJson) => string;
}) {
  const { page, pages } = tripPage(requested, trips.length);
  const newestFirst = [...trips].reverse();
  const shown = newestFirst.slice((page - 1) * TRIPS_PER_PAGE, page * TRIPS_PER_PAGE);
  const from = (page - 1) * TRIPS_PER_PAGE + 1;
  return (
    <>
      <RoundTripTable trips={shown} hrefFor={hrefFor} note={pages > 1 ? `共 ${trips.length} 笔 · 第 ${from}–${from + shown.length - 1} 笔` : undefined} />
      <Pagination base={base} page={page} total={trips.length} pageSize={TRIPS_PER_PAGE} inQuery />
    </>
  );
}
