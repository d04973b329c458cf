"use client";

import { useEffect } from "react";
import useSWR, { mutate } from "swr";

/** The swr key of the header badge's count (no GET endpoint: the count comes from the page and from the read answers). */
export const UNREAD_COUNT_KEY = "/api/user/notifications#unread";

const NEVER_FETCHED = { revalidateOnMount: false, revalidateOnFocus: false, revalidateOnReconnect: false } as const;

/** The badge's count: the server's figure of the last render, or a newer one a read answer brought. */
export function useUnreadCount(serverCount: number): number {
  const { data, mutate: set } = useSWR<number>(UNREAD_COUNT_KEY, null, { ...NEVER_FETCHED, fallbackData: serverCount });
  useEffect(() => {
    void set(serverCount, { revalidate: false });
  }, [serverCount, set]);
  return data ?? serverCount;
}

/** Records the count a read answer (POST /api/user/notifications) reported, for every badge on the page. */
export function publishUnreadCount(count: unknown): void {
  if (typeof count === "number" && Number.isInteger(count) && count >= 0) void mutate(UNREAD_COUNT_KEY, count, { revalidate: false });
}
