import { inAppShareHost } from "./in-app-browser";

// User agents as the apps send them (WeChat's and QQ's own builds on Android and iOS, and browsers that are not them).
const WECHAT_ANDROID =
  "Mozilla/5.0 (Linux; Android 13; V2196A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230303 MMWEBID/2280 MicroMessenger/8.0.34.2340(0x2800225B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64";
const WECHAT_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.33(0x18002129) NetType/WIFI Language/zh_CN";
const WECOM =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.3 MicroMessenger/7.0.1 Language/zh ColorScheme/Light";
const QQ_ANDROID =
  "Mozilla/5.0 (Linux; Android 12; M2012K11AC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046237 Mobile Safari/537.36 V1_AND_SQ_8.9.28_3700_YYB_D A_8092800 QQ/8.9.28.10155 NetType/WIFI WebP/0.3.0 AppId/537150355 Pixel/1080 StatusBarHeight/95 SimpleUISwitch/0 QQTheme/1000 InMagicWin/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.0 GlobalDensityScale/0.9 AllowLandscape/false InKidsMode/0";
const QQ_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.20.610 V1_IPH_SQ_8.9.20_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.000000 QQTheme/1000 Core/WKWebView Device/Apple(iPhone 12) NetType/WIFI QBWebViewType/1 WKType/1";
const QQ_BROWSER =
  "Mozilla/5.0 (Linux; U; Android 12; zh-cn; PEGM00 Build/SKQ1.210216.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/98.0.4758.102 MQQBrowser/13.4 Mobile Safari/537.36 COVC/046335";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const WEIBO =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,5__weibo__13.2.0__iphone__os16.0)";

describe("inAppShareHost", () => {
  it.each([
    ["WeChat on Android", WECHAT_ANDROID, "wechat"],
    ["WeChat on iOS", WECHAT_IOS, "wechat"],
    ["WeCom", WECOM, "wechat"],
    ["QQ on Android (X5 engine)", QQ_ANDROID, "qq"],
    ["QQ on iOS", QQ_IOS, "qq"],
  ])("recognises %s", (_name, ua, host) => {
    expect(inAppShareHost(ua)).toBe(host);
  });

  it.each([
    ["the standalone QQ Browser (MQQBrowser without QQ/)", QQ_BROWSER],
    ["Chrome on Android", CHROME_ANDROID],
    ["Safari on iOS", SAFARI_IOS],
    ["Weibo's in-app browser", WEIBO],
    ["an empty user agent", ""],
    ["no user agent", null],
  ])("leaves %s alone", (_name, ua) => {
    expect(inAppShareHost(ua)).toBeNull();
  });
});
