"use client";

import "./globals.css";
import { ERROR_SCREENS, resolveErrorScreen } from "@/lib/domain/error-screens";
import { errorStatus } from "@/lib/domain/request-cancelled";

/** When the root layout itself fails there is no layout to render in: a self-contained error screen. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const code = resolveErrorScreen({ statusCode: errorStatus(error), message: error.message });
  const screen = ERROR_SCREENS[code];
  return (
    <html lang="zh-CN">
      <body>
        <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center" data-error-code={code}>
          <p className="text-5xl font-bold text-slate-500">{code}</p>
          <h1 className="mt-3 text-2xl font-semibold">{screen.title}</h1>
          <p className="mt-2 text-slate-600">{screen.description}</p>
          {/* A full reload: the root layout itself failed, so client navigation cannot be trusted. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="mt-8 inline-flex h-11 items-center rounded-lg bg-brand px-6 font-medium text-white">
            返回首页
          </a>
        </main>
      </body>
    </html>
  );
}
