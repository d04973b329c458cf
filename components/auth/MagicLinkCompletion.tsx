"use client";

import Link from "@/components/ui/Link";
import { useEffect, useRef, useState } from "react";
import { submitJson } from "@/lib/client/request";
import { assignLocation } from "@/components/ui/browser";
import { Spinner } from "@/components/ui/Spinner";

/** Posts the link's token to the server; a plain GET of /auth (a mail client's preview) does not use it up. */
export function MagicLinkCompletion({ token }: { token: string | null }) {
  const [error, setError] = useState<string | null>(token ? null : "登录链接无效或已过期");
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void submitJson("/api/auth/magic", { token }).then((result) => {
      if (result.ok) assignLocation(typeof result.body.redirectTo === "string" ? result.body.redirectTo : "/");
      else setError(result.message);
    });
  }, [token]);

  if (!error) {
    return (
      <div className="flex flex-col items-center gap-3 py-4" role="status">
        <Spinner label="正在登录" />
        <p className="text-sm text-slate-600">正在登录…</p>
      </div>
    );
  }
  return (
    <div role="alert">
      <h1 className="text-lg font-semibold">{error}</h1>
      <p className="mt-2 text-sm text-slate-600">链接 10 分钟内有效且只能使用一次，请返回登录页重新获取。</p>
      <Link href="/login" className="mt-5 inline-flex h-10 items-center rounded-lg bg-brand px-5 text-sm font-medium text-white">去登录</Link>
    </div>
  );
}
