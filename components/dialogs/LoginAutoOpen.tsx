"use client";

import { useEffect } from "react";
import { useLoginState } from "./login-state";

/** The invitation code carried by the entry URL, directly (`?code=`) or inside the return path (`?r=/x?code=`). */
export function invitationCodeFromEntry(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const direct = params.get("code");
  if (direct) return direct;
  const r = params.get("r");
  if (!r) return undefined;
  const q = r.indexOf("?");
  if (q === -1) return undefined;
  return new URLSearchParams(r.slice(q + 1).split("#")[0]).get("code") || undefined;
}

/**
 * SPEC §4: the login dialog opens by itself when the entry URL carries an `r` query parameter (a page gate
 * redirected here) and the visitor is not logged in. Renders nothing.
 */
export function LoginAutoOpen() {
  const { openLogin } = useLoginState();
  useEffect(() => {
    const search = window.location.search;
    if (!new URLSearchParams(search).has("r")) return;
    let cancelled = false;
    // The cookie reader loads only here, not with every page (ADR 0062).
    void import("@/lib/client/userinfo").then(({ isLoggedIn }) => {
      if (!cancelled && !isLoggedIn()) openLogin({ invitationCode: invitationCodeFromEntry(search) });
    });
    return () => void (cancelled = true);
    // Only the entry URL counts: run once on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
