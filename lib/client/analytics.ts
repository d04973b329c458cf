/** Baidu Tongji (百度统计) helpers; GA is loaded through @next/third-parties, which follows client navigations itself. */

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
