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
