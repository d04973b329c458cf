"use client";

import dynamic from "next/dynamic";

const AppErrorView = dynamic(() => import("@/components/errors/AppErrorView").then((m) => m.AppErrorView), {
  ssr: false,
  loading: () => <p className="py-16 text-center text-slate-600" role="alert">页面出错了，正在加载错误详情…</p>,
});

/** Render errors below the root layout: 500, or 404 when the error's message mentions 404 (SPEC §2). */
export default function AppError({ error }: { error: Error & { digest?: string; statusCode?: number } }) {
  return <AppErrorView error={error} />;
}
