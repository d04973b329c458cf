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
