import { REFERRAL_REWARD_DAYS } from "./constants";

/** The share link set of SPEC §3, keyed current, home, master, quant. */
export type ShareLinkKey = "current" | "home" | "master" | "quant";

export interface ShareLink {
  label: string;
  url: string;
  shareText: string;
}

export type ShareLinks = Record<ShareLinkKey, ShareLink>;

export const SHARE_LINK_KEYS: readonly ShareLinkKey[] = ["current", "home", "master", "quant"];

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/**
 * SPEC §4: a share URL appends `?code={invitationCode}`, or replaces an existing `code=` value.
 * Other query parameters keep their order and encoding; a `#fragment` stays at the end; duplicate
 * `code` parameters collapse into one. An empty code leaves the URL as it is.
 */
export function withInvitationCode(url: string, code: string): string {
  if (!code) return url;
  const hashAt = url.indexOf("#");
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? "" : beforeHash.slice(queryAt + 1);
  const pair = `code=${encodeURIComponent(code.toWellFormed?.() ?? code)}`;
  let placed = false;
  const parts: string[] = [];
  for (const part of query.split("&")) {
    if (part === "") continue;
    const name = safeDecode(part.split("=", 1)[0]!);
    if (name === "code") {
      if (!placed) parts.push(pair);
      placed = true;
    } else {
      parts.push(part);
    }
  }
  if (!placed) parts.push(pair);
  return `${base}?${parts.join("&")}${hash}`;
}

/** Builds the four share rows of the share dialog, each with the member's invitation code. */
export function buildShareLinks(
  siteUrl: string,
  currentUrl: string,
  invitationCode: string,
  siteName = "量化学堂",
): ShareLinks {
  const origin = siteUrl.replace(/\/+$/, "");
  const reward = `注册即得${REFERRAL_REWARD_DAYS}天SVIP`;
  const link = (url: string) => withInvitationCode(url, invitationCode);
  return {
    current: {
      label: "当前页面",
      url: link(currentUrl || `${origin}/`),
      shareText: `我在${siteName}看到一篇好内容，推荐给你，${reward}`,
    },
    home: {
      label: "首页",
      url: link(`${origin}/`),
      shareText: `我在${siteName}跟着大神的真实交割单学炒股，${reward}`,
    },
    master: {
      label: "大神交割单",
      url: link(`${origin}/list/god`),
      shareText: `我在${siteName}学习大神交割单，逐笔复盘游资的真实买卖，${reward}`,
    },
    quant: {
      label: "量化策略",
      url: link(`${origin}/list/quant`),
      shareText: `我在${siteName}跟踪量化策略的实盘信号，收益回撤一目了然，${reward}`,
    },
  };
}

/** The text a "copy" button puts on the clipboard: the share text, a space, the link. */
export function shareCopyText(link: ShareLink): string {
  return `${link.shareText} ${link.url}`;
}

/** SPEC §2: Weibo's share page, whose `url` parameter holds the share text plus the link. */
export function weiboShareUrl(link: ShareLink): string {
  return `https://service.weibo.com/share/share.php?url=${encodeURIComponent(shareCopyText(link))}`;
}

/**
 * A share link as a copy row shows it: without `https://` / `http://`, and when still longer than `max` characters
 * the middle gives way to `…`: the host stays whole (unless it would leave less than 12 characters for the end), and
 * the end (the `?code=` the invitation rests on) fills the rest. Only for display: copying copies the whole link.
 */
export function shortLinkText(url: string, max = 34): string {
  const bare = url.replace(/^https?:\/\//i, "");
  const chars = Array.from(bare);
  if (chars.length <= max) return bare;
  const room = Math.max(2, max - 1);
  const hostEnd = chars.indexOf("/");
  const head = hostEnd >= 0 && hostEnd + 1 <= room - 12 ? hostEnd + 1 : Math.floor(room / 2);
  const tail = room - head;
  return `${chars.slice(0, head).join("")}…${chars.slice(chars.length - tail).join("")}`;
}
