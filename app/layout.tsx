import "./globals.css";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { ClientConfigProvider } from "@/components/errors/client-config-context";
import { DeferredPlumbing } from "@/components/plumbing/DeferredPlumbing";
import { ErrorPlumbing } from "@/components/plumbing/ErrorPlumbing";
import { config } from "@/lib/config";
import { canonicalPath } from "@/lib/domain/seo";
import { NONCE_HEADER } from "@/lib/domain/security-headers";
import { PATH_HEADER } from "@/lib/domain/site";
import { clientConfig } from "@/lib/server/client-config";

export async function generateMetadata(): Promise<Metadata> {
  const { siteName, siteUrl } = config();
  return {
    metadataBase: new URL(siteUrl),
    // every page names itself canonical, its query string left out (utm_…, ?r= on /login, ?page= …); a page with
    // variants worth naming differently sets its own (docs/adr/0082)
    alternates: { canonical: canonicalPath((await headers()).get(PATH_HEADER)) },
    // one responsive site for phones and computers (Baidu reads this)
    other: { "applicable-device": "pc,mobile" },
    title: { default: `${siteName} - 从大神交割单学炒股`, template: `%s - ${siteName}` },
    description: "量化学堂：从顶级短线交易者的真实交割单学习A股交易，量化策略、排行榜、亏损追踪、文章与教学视频。",
    applicationName: siteName,
    formatDetection: { telephone: false },
    icons: { icon: "/favicon.svg" },
  };
}

// Every page depends on the viewer or the request (header, gates, runtime configuration): render per request, and
// never touch the database while building.
export const dynamic = "force-dynamic";

// viewport-fit=cover: the page may run under the home indicator, so env(safe-area-inset-*) is non-zero there and the
// fixed bottom bars (tab bar, risk bar) pad themselves above it.
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1d4ed8", viewportFit: "cover" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const cfg = clientConfig();
  // The middleware's per-request CSP nonce (ADR 0013): Next.js puts it on its own scripts; the analytics tags need it.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="zh-CN">
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
        <ClientConfigProvider config={cfg}>
          {children}
          <ErrorPlumbing isDevelopment={cfg.isDevelopment} buildId={cfg.buildId} />
          <DeferredPlumbing config={cfg} nonce={nonce} />
        </ClientConfigProvider>
      </body>
    </html>
  );
}
