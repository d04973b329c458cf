/**
 * The chat apps whose in-app browser a share link is opened in, by the user agent they send (ADR 0038):
 * - WeChat (微信, and WeCom 企业微信, which shares its engine and its 「···」 menu) writes `MicroMessenger/<version>`;
 * - mobile QQ writes ` QQ/<version>` (with `V1_AND_SQ_…` on Android, `V1_IPH_SQ_…` on iOS).
 * `MQQBrowser/` alone is Tencent's X5 engine, which the standalone QQ Browser app and other apps use too: it is not QQ.
 */
export type InAppShareHost = "wechat" | "qq";

const WECHAT = /\bMicroMessenger\//i;
const QQ_APP = /(?:^|[\s;(])QQ\/\d/;
const QQ_BUILD = /\bV1_(?:AND|IPH)_SQ_/;

/** `wechat` inside WeChat, `qq` inside mobile QQ, otherwise null (a browser, or another app). */
export function inAppShareHost(userAgent: string | null | undefined): InAppShareHost | null {
  if (!userAgent) return null;
  if (WECHAT.test(userAgent)) return "wechat";
  if (QQ_APP.test(userAgent) || QQ_BUILD.test(userAgent)) return "qq";
  return null;
}
