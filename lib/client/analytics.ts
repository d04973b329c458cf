/**
 * Analytics loaders. No inline script: a cached page's policy allows inline scripts only by the hashes of those in
 * the document (ADR 0065), so each tag is set up from this bundle and loads its library from its own host.
 */

/**
 * Google Analytics 4 (gtag.js), as Google's snippet does it: the command queue first, then the library, which replays
 * the queue. gtag.js follows client navigations itself (enhanced measurement, history changes).
 */
export function startGoogleAnalytics(gaId: string): void {
  const host = window as unknown as { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
  if (host.gtag) return;
  host.dataLayer ??= [];
  // gtag.js reads `arguments` objects from the queue, not arrays.
  host.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    host.dataLayer!.push(arguments);
  };
  host.gtag("js", new Date());
  host.gtag("config", gaId);
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaId)}`;
  document.head.appendChild(script);
}

/** Baidu Tongji (百度统计). */

export function baiduTongjiSrc(siteId: string): string {
  return `https://hm.baidu.com/hm.js?${encodeURIComponent(siteId)}`;
}

type BaiduQueue = { push(command: unknown[]): unknown };

/**
 * hm.js counts the landing page itself; client-side navigations have to be pushed. Before hm.js has loaded the
 * queue is a plain array that hm.js replays; afterwards hm.js has replaced it with its own object.
 */
export function trackBaiduPageview(path: string): void {
  const host = window as unknown as { _hmt?: BaiduQueue };
  host._hmt ??= [];
  host._hmt.push(["_trackPageview", path]);
}
