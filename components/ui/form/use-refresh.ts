"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";

/** Re-renders the page from the server after a saved change; `refreshing` holds until the new page has arrived. */
export function useRefresh(): { refreshing: boolean; refresh: () => void } {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  return { refreshing, refresh: () => startRefresh(() => router.refresh()) };
}
