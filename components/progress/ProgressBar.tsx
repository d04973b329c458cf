"use client";

import { usePathname, useSearchParams } from "next/navigation";
import NProgress from "nprogress";
import { Suspense, useEffect, useRef } from "react";
import { onPendingChange } from "@/lib/client/progress-counter";
import { PROGRESS_MINIMUM, PROGRESS_SPEED } from "@/lib/domain/constants";

/** A navigation that never completes (an aborted click, a download) stops the bar after this long. */
const NAVIGATION_TIMEOUT_MS = 10_000;

/** True when a click on this anchor starts a client-side navigation to another page of this site. */
export function isPageNavigation(anchor: HTMLAnchorElement, event: MouseEvent, current: Location): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.hasAttribute("download")) return false;
  const target = anchor.getAttribute("target");
  if (target && target !== "_self") return false;
  const href = anchor.getAttribute("href");
  if (!href || href.startsWith("#")) return false;
  let url: URL;
  try {
    url = new URL(anchor.href, current.href);
  } catch {
    return false;
  }
  if (url.origin !== current.origin) return false;
  // Same page (or only the #fragment differs): no navigation happens.
  return url.pathname !== current.pathname || url.search !== current.search;
}

function routeKey(pathname: string | null, searchParams: URLSearchParams | { toString(): string } | null): string {
  return `${pathname ?? ""}?${searchParams?.toString() ?? ""}`;
}

function useProgressBar() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const navigating = useRef(false);
  const pending = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const finishNavigation = useRef<() => void>(() => {});
  const renderedRoute = useRef("");

  useEffect(() => {
    NProgress.configure({ minimum: PROGRESS_MINIMUM, speed: PROGRESS_SPEED, showSpinner: false });

    const sync = () => {
      if (navigating.current || pending.current > 0) {
        if (!NProgress.isStarted()) NProgress.start();
      } else if (NProgress.isStarted()) {
        NProgress.done();
      }
    };
    const startNavigation = () => {
      navigating.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        navigating.current = false;
        sync();
      }, NAVIGATION_TIMEOUT_MS);
      sync();
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a");
      if (anchor instanceof HTMLAnchorElement && isPageNavigation(anchor, event, window.location)) startNavigation();
    };
    const unsubscribe = onPendingChange((count) => {
      pending.current = count;
      sync();
    });

    // Capture phase: next/link calls preventDefault() on the clicks it routes itself, so defaultPrevented
    // cannot tell a navigation apart; a click that ends up going nowhere is stopped by the timeout.
    document.addEventListener("click", onClick, true);
    // Back/forward: only when it leads to another route (a #fragment step does not render anything).
    const onPopState = () => {
      const { pathname: path, search } = window.location;
      if (routeKey(path, new URLSearchParams(search)) !== renderedRoute.current) startNavigation();
    };
    window.addEventListener("popstate", onPopState);
    finishNavigation.current = () => {
      navigating.current = false;
      clearTimeout(timer.current);
      sync();
    };
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
      unsubscribe();
      clearTimeout(timer.current);
      NProgress.done();
    };
  }, []);

  // The new route rendered: the navigation is over.
  const route = routeKey(pathname, searchParams);
  useEffect(() => {
    renderedRoute.current = route;
    finishNavigation.current();
  }, [route]);
}

function ProgressBarInner() {
  useProgressBar();
  return null;
}

/**
 * The top progress bar of SPEC §2 (nprogress: minimum 0.2, speed 500, no spinner). It runs while a link
 * navigation or a back/forward step is under way, and while requests that asked for progress are pending.
 * Styles live in app/globals.css.
 */
export function ProgressBar() {
  // useSearchParams needs a Suspense boundary so static pages can still prerender.
  return (
    <Suspense fallback={null}>
      <ProgressBarInner />
    </Suspense>
  );
}
