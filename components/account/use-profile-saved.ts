"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { notify } from "@/lib/client/toast";

/**
 * After a profile change: the server has rewritten the `userinfo` cookie, so the localStorage mirror is synced from
 * it, the page and header re-render from the server, and a toast confirms.
 */
export function useProfileSaved(): (message: string) => void {
  const router = useRouter();
  return useCallback(
    (message: string) => {
      // The cookie reader loads with the first save, not with the page (ADR 0062).
      void import("@/lib/client/userinfo").then(({ loadUserInfo }) => loadUserInfo());
      router.refresh();
      notify({ type: "success", message });
    },
    [router],
  );
}
