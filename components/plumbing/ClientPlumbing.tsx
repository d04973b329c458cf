"use client";

import { usePathname } from "next/navigation";
import Script from "next/script";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { baiduTongjiSrc, startGoogleAnalytics, trackBaiduPageview } from "@/lib/client/analytics";
import { reloadIfUpdatePending, startBuildPoller } from "@/lib/client/build-updates";
import { whenDomReady } from "@/lib/client/dom-ready";
import { bootIntercom, intercomUser, isIntercomBooted, updateIntercom } from "@/lib/client/intercom";
import { captureReferral } from "@/lib/client/referral";
import { createRequest } from "@/lib/client/request";
import { useUserInfo } from "@/lib/client/use-user-info";
import { loadUserInfo } from "@/lib/client/userinfo";
import type { ClientConfig } from "@/lib/domain/client-config";
import { FingerprintProvider } from "./fingerprint-context";

export interface ClientPlumbingProps {
  config: ClientConfig;
  /** Optional: whatever is rendered inside gets the fingerprint through useFingerprint(). */
  children?: ReactNode;
  /** The page's CSP nonce (ADR 0013) when it has one (a cached page has none, ADR 0065): Baidu's script carries it. */
  nonce?: string;
}

/**
 * The browser start-up of SPEC §4/§7/§8 that can wait for the page to be interactive (the root layout loads it after
 * hydration, ADR 0062; error reporting and the chunk-error reload start earlier, in ErrorPlumbing): referral capture,
 * build polling, the chat widget, analytics, the fingerprint, and on every navigation the user-info fetch and the
 * pending-build reload.
 */
export function ClientPlumbing({ config, children, nonce }: ClientPlumbingProps) {
  const { buildId, intercomAppId, gaId, baiduTongjiId } = config;
  const pathname = usePathname();
  const apiHostsKey = config.apiHosts.join(" ");
  const request = useMemo(() => createRequest({ apiHosts: apiHostsKey ? apiHostsKey.split(" ") : [] }), [apiHostsKey]);

  useEffect(() => {
    let stopPoller = () => {};
    const cancelReady = whenDomReady(() => {
      captureReferral();
      stopPoller = startBuildPoller({ buildId });
      if (intercomAppId) bootIntercom(intercomAppId, loadUserInfo()).catch(() => {});
    });
    return () => {
      cancelReady();
      stopPoller();
    };
  }, [buildId, intercomAppId]);

  useEffect(() => {
    if (gaId) startGoogleAnalytics(gaId);
  }, [gaId]);

  const { user, refresh: refreshUserInfo } = useUserInfo(request);
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const isNavigation = previousPath.current !== null && previousPath.current !== pathname;
    previousPath.current = pathname;
    if (isNavigation && reloadIfUpdatePending()) return;
    if (isNavigation && baiduTongjiId) trackBaiduPageview(pathname);
    refreshUserInfo(pathname);
  }, [pathname, refreshUserInfo, baiduTongjiId]);

  useEffect(() => {
    if (user && isIntercomBooted()) updateIntercom(intercomUser(user));
  }, [user]);

  return (
    <FingerprintProvider fingerprintKey={config.fingerprintKey} fingerprintIv={config.fingerprintIv}>
      {children}
      {baiduTongjiId ? <Script id="baidu-tongji" src={baiduTongjiSrc(baiduTongjiId)} strategy="afterInteractive" nonce={nonce} /> : null}
    </FingerprintProvider>
  );
}
