"use client";

import { useEffect, useState } from "react";

const INTERACTION_EVENTS = ["pointerdown", "pointerover", "touchstart", "keydown", "focusin", "scroll"] as const;

/**
 * Runs `callback` in an idle moment after the visitor's first sign of interaction (a pointer over or on the page, a
 * touch, a key, focus, a scroll); returns a canceller. Fetching ahead only then keeps the start-up of a phone free of
 * modules most page views never use: evaluating them in the first seconds was a 100–300 ms long task (Lighthouse's
 * total blocking time) on every page.
 */
export function whenIdleAfterInteraction(callback: () => void): () => void {
  let idle: number | null = null;
  const schedule = () => {
    stopListening();
    idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(callback, { timeout: 2000 }) : window.setTimeout(callback, 200);
  };
  const stopListening = () => {
    for (const type of INTERACTION_EVENTS) window.removeEventListener(type, schedule, { capture: true });
  };
  for (const type of INTERACTION_EVENTS) window.addEventListener(type, schedule, { capture: true, passive: true, once: true });
  return () => {
    stopListening();
    if (idle === null) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

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
