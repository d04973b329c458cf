"use client";

import { useEffect, useState, type RefObject } from "react";

/** How far below the screen a lazily loaded part starts loading once the reader scrolls: about half a phone screen. */
export const NEAR_VIEWPORT_MARGIN = "300px 0px";

/**
 * True once the element is on the screen, or within `rootMargin` of it after the reader has started scrolling, and
 * from then on. Lets a heavy widget below the fold (the chart library: 58 kB and two long tasks on a phone) load only
 * for visitors who scroll towards it: a page opened and read without scrolling never pays for it, even when the widget
 * starts just below the first screen. True at once where IntersectionObserver is missing.
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
    let observer: IntersectionObserver | null = null;
    const watch = (margin: string) => {
      observer?.disconnect();
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      }, { rootMargin: margin });
      observer.observe(element);
    };
    watch("0px");
    // Capture on window: scroll events do not bubble, and the page or an inner box may be what scrolls.
    const lookAhead = () => watch(rootMargin);
    window.addEventListener("scroll", lookAhead, { capture: true, passive: true, once: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener("scroll", lookAhead, { capture: true });
    };
  }, [ref, rootMargin, near]);
  return near;
}
