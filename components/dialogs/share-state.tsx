"use client";

import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { notify } from "@/lib/client/toast";
import { useLoginState } from "./login-state";

export type ShareChannel = "wechat" | "qq" | "weibo";

/**
 * Which share dialog is open: the main one, the QR one (for a channel, or a generic "share"), the guide to the app's
 * own 「···」 menu (inside WeChat or QQ, instead of a QR code: ADR 0038), or none.
 */
export type ShareView =
  | { kind: "closed" }
  | { kind: "main" }
  | { kind: "qr"; channel: ShareChannel | null; text: string }
  | { kind: "guide"; channel: ShareChannel };

interface ShareContextValue {
  view: ShareView;
  /** The member's invitation code, read when the dialog opens. */
  invitationCode: string;
  /** The page address when the dialog opened (for the 当前页面 row). */
  currentUrl: string;
  openShare: () => void;
  showMain: () => void;
  showQr: (channel: ShareChannel | null, text: string) => void;
  showGuide: (channel: ShareChannel) => void;
  closeShare: () => void;
}

const ShareContext = createContext<ShareContextValue | null>(null);

/** The login routes (/login, /login/{code}, and the alternate login page /new). */
export function isLoginRoute(pathname: string | null | undefined): boolean {
  if (!pathname) return false;
  return pathname === "/login" || pathname.startsWith("/login/") || pathname === "/new";
}

/** Needs to sit inside <LoginStateProvider>. */
export function ShareStateProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const { openLogin } = useLoginState();
  const [view, setView] = useState<ShareView>({ kind: "closed" });
  const [invitationCode, setInvitationCode] = useState("");
  const [currentUrl, setCurrentUrl] = useState("");

  // SPEC §4: the share dialog opens only when logged in. Without a token: on a login route the toast
  // 请先登录 shows and nothing opens; anywhere else the login dialog opens instead.
  // The cookie reader is fetched on the first click, not with every page (ADR 0062).
  const openShare = useCallback(() => {
    void import("@/lib/client/userinfo").then(({ isLoggedIn, loadUserInfo }) => {
      if (!isLoggedIn()) {
        if (isLoginRoute(pathname)) notify({ type: "warning", message: "请先登录" });
        else openLogin();
        return;
      }
      setInvitationCode(loadUserInfo()?.invitationCode ?? "");
      setCurrentUrl(window.location.href.split("#")[0] ?? "");
      setView({ kind: "main" });
    });
  }, [pathname, openLogin]);

  const showMain = useCallback(() => setView({ kind: "main" }), []);
  const showQr = useCallback((channel: ShareChannel | null, text: string) => setView({ kind: "qr", channel, text }), []);
  const showGuide = useCallback((channel: ShareChannel) => setView({ kind: "guide", channel }), []);
  const closeShare = useCallback(() => setView({ kind: "closed" }), []);

  const value = useMemo(
    () => ({ view, invitationCode, currentUrl, openShare, showMain, showQr, showGuide, closeShare }),
    [view, invitationCode, currentUrl, openShare, showMain, showQr, showGuide, closeShare],
  );
  return <ShareContext.Provider value={value}>{children}</ShareContext.Provider>;
}

export function useShareState(): ShareContextValue {
  const value = useContext(ShareContext);
  if (!value) throw new Error("useShare() needs <ShareStateProvider> (mounted by SiteProviders)");
  return value;
}

/** `openShare()` with the login gate of SPEC §4, and `closeShare()`. */
export function useShare(): { openShare: () => void; closeShare: () => void } {
  const { openShare, closeShare } = useShareState();
  return { openShare, closeShare };
}
