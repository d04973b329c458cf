/** Runs the callback once the DOM is parsed (SPEC §4: start-up waits for DOMContentLoaded); returns a canceller. */
export function whenDomReady(callback: () => void): () => void {
  if (document.readyState !== "loading") {
    callback();
    return () => {};
  }
  const onReady = () => callback();
  document.addEventListener("DOMContentLoaded", onReady, { once: true });
  return () => document.removeEventListener("DOMContentLoaded", onReady);
}

/**
 * Runs the callback once the browser has shown the page's first content (its first-contentful-paint entry, after
 * the frame reached the screen), so start-up work never holds that paint back; after `fallbackMs` anyway where paint
 * timing is missing or the tab never paints (hidden), `fallbackMs` after DOMContentLoaded. Returns a canceller.
 */
export function whenPainted(callback: () => void, fallbackMs = 3000): () => void {
  let finished = false;
  let observer: PerformanceObserver | undefined;
  let soon: ReturnType<typeof setTimeout> | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    finished = true;
    observer?.disconnect();
    clearTimeout(soon);
    clearTimeout(fallback);
  };
  const run = () => {
    if (finished) return;
    stop();
    callback();
  };
  const cancelReady = whenDomReady(() => {
    if (finished) return;
    fallback = setTimeout(run, fallbackMs); // counted from DOMContentLoaded: start-up never runs before it (SPEC §4)
    if (performance.getEntriesByName?.("first-contentful-paint").length) {
      soon = setTimeout(run, 0);
      return;
    }
    try {
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName("first-contentful-paint").length) soon ??= setTimeout(run, 0);
      });
      observer.observe({ type: "paint", buffered: true });
    } catch {
      // No PerformanceObserver or no paint timing: the fallback runs it.
    }
  });
  return () => {
    cancelReady();
    stop();
  };
}
