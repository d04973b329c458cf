import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "登录验证", robots: { index: false } };

/** Where a magic link or an external login returns. Without a valid link there is nothing to complete. */
export default function AuthPage() {
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-lg font-semibold">登录链接无效或已过期</h1>
      <p className="mt-2 text-sm text-slate-600">请返回登录页重新获取登录方式。</p>
      <Link href="/login" className="mt-5 inline-flex h-10 items-center rounded-lg bg-brand px-5 text-sm font-medium text-white">去登录</Link>
    </div>
  );
}
