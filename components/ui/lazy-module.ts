"use client";

import { useEffect, useState } from "react";
import { whenIdleAfterInteraction } from "@/lib/client/idle-after-interaction";

/**
 * A module fetched only once it is `wanted` (or ahead of need, when the browser is idle after the visitor's first
 * interaction): keeps heavy widgets such as the radix menus out of every page's first load. Returns null until loaded.
 */
export function useLazyModule<T>(load: () => Promise<T>, wanted: boolean): T | null {
  const [module, setModule] = useState<T | null>(null);
  useEffect(() => {
    if (module) return;
    let cancelled = false;
    const fetchIt = () => void load().then((m) => !cancelled && setModule(() => m), () => {});
    if (wanted) {
      fetchIt();
      return () => void (cancelled = true);
    }
    const cancel = whenIdleAfterInteraction(fetchIt);
    return () => {
      cancelled = true;
      cancel();
    };
  }, [load, wanted, module]);
  return module;
}
