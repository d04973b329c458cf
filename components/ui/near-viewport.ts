"use client";

import { useEffect, useState, type RefObject } from "react";

/** How far below the screen a lazily loaded part starts loading: about half a phone screen of scrolling ahead. */
export const NEAR_VIEWPORT_MARGIN = "300px 0px";

/**
 * True once the element has come within `rootMargin` of the screen, and from then on. Lets a heavy widget below the
 * fold (the chart library: 58 kB and a long task at start-up on a phone) load only for visitors who scroll towards
 * it. True at once where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = NEAR_VIEWPORT_MARGIN): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== "function") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near]);
  return near;
}
