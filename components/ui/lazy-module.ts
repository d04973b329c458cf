"use client";

import { useEffect, useState } from "react";

/**
 * A module fetched only once it is `wanted` (or when the browser is idle, ahead of need): keeps heavy widgets such
 * as the radix menus out of every page's first load. Returns null until loaded.
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
    const idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(fetchIt, { timeout: 8000 }) : window.setTimeout(fetchIt, 4000);
    return () => {
      cancelled = true;
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [load, wanted, module]);
  return module;
}
