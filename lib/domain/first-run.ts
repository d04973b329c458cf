/**
 * What `npm start` says about the origin before it serves (ADR 0034): the origin absolute links use, how the Origin
 * check of forms behaves, and a warning when SITE_URL names another port than the one the server listens on — the
 * way a first run used to answer every form with 请求来源无效 in silence.
 */
export interface OriginSettings {
  siteUrl: string;
  siteUrlConfigured: boolean;
  port: number;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

export function startupOriginLines({ siteUrl, siteUrlConfigured, port }: OriginSettings): { info: string[]; warnings: string[] } {
  const origin = new URL(siteUrl).origin;
  if (!siteUrlConfigured) {
    return {
      info: [
        `> Origin for absolute links (e-mails, sitemap, share links): ${origin} (SITE_URL unset)`,
        `> Forms are accepted from the address the page was opened at (http://localhost:${port}, http://127.0.0.1:${port}, …); set SITE_URL to the public address in production`,
      ],
      warnings: [],
    };
  }
  const url = new URL(siteUrl);
  const info = [`> Origin for absolute links and for forms: ${origin} (SITE_URL; requests from any other origin are refused with 请求来源无效)`];
  if (portOf(url) === port) return { info, warnings: [] };
  const local = LOCAL_HOSTS.has(url.hostname);
  return {
    info,
    warnings: [
      `⚠ SITE_URL ${origin} names port ${portOf(url)}, but this server listens on ${port}: ` +
        (local
          ? `a page opened at http://localhost:${port} will have every form refused (请求来源无效). Set SITE_URL=http://localhost:${port}, or unset it.`
          : `fine behind a reverse proxy serving ${origin}; a page opened directly at port ${port} will have every form refused (请求来源无效).`),
    ],
  };
}
