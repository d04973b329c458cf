"use client";

import { useEffect } from "react";
import { useUnreadCount } from "./unread-count";

/** Reports the badge's shared count (swr) to the header. Loaded after the page is interactive (ADR 0062). */
export function UnreadCountSync({ serverCount, onCount }: { serverCount: number; onCount: (count: number) => void }) {
  const count = useUnreadCount(serverCount);
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
