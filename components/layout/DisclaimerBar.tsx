"use client";

import { ShieldAlert } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { BASE_Z_INDEX } from "@/lib/domain/constants";
import { parseClosedAt, shouldShowDisclaimer } from "@/lib/domain/disclaimer";
import { DISCLAIMER_STORAGE_KEY } from "@/lib/domain/site";

export const DISCLAIMER_TEXT = "股市有风险，投资需谨慎。本平台所有内容仅供学习参考，不构成任何投资建议，据此操作，风险自担。";
export const DISCLAIMER_CLOSE_TEXT = "7天内不再提示";

// When storage is unavailable (some in-app browsers, private mode) the choice lasts for this page view.
let closedInMemory: number | null = null;
const listeners = new Set<() => void>();

function readClosedAt(): number | null {
  try {
    return parseClosedAt(window.localStorage.getItem(DISCLAIMER_STORAGE_KEY)) ?? closedInMemory;
  } catch {
    return closedInMemory;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

const getSnapshot = () => shouldShowDisclaimer(readClosedAt(), Date.now());
// The server (and the hydration pass) renders the bar shown: it is in the first paint, with the page, instead of
// appearing after the scripts ran (it was then the page's largest contentful paint on phones, seconds late). The
// client reads the stored choice right after hydration and removes it for a visitor who closed it within 7 days.
const getServerSnapshot = () => true;

/** Stores the closing time (milliseconds) and hides every mounted bar. */
export function closeDisclaimer(now = Date.now()) {
  try {
    window.localStorage.setItem(DISCLAIMER_STORAGE_KEY, String(now));
  } catch {
    // Storage refused: keep it closed in memory until the next page load.
    closedInMemory = now;
  }
  for (const listener of listeners) listener();
}

/** The administration's pages: their tables and forms run to the bottom, so the bar ends the page there instead. */
function isAdminPath(pathname: string | null): boolean {
  return pathname === "/admin" || (pathname?.startsWith("/admin/") ?? false);
}

/**
 * The fixed risk-disclaimer footer of SPEC §2. While shown it sets `<body data-disclaimer="shown">` and the
 * CSS variable `--disclaimer-height`, which app/globals.css turns into bottom padding; hidden, it takes no space.
 * On phones it sits on top of the bottom tab bar (TabBar, 3.5rem above the safe area), in one compact strip; on the
 * admin pages it is not fixed but closes the page (ADR 0038).
 */
export function DisclaimerBar() {
  const shown = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const barRef = useRef<HTMLDivElement>(null);
  const inFlow = isAdminPath(usePathname());

  useEffect(() => {
    const body = document.body;
    const bar = barRef.current;
    if (!shown || !bar || inFlow) {
      delete body.dataset.disclaimer;
      body.style.removeProperty("--disclaimer-height");
      return;
    }
    body.dataset.disclaimer = "shown";
    const measure = () => body.style.setProperty("--disclaimer-height", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    // The observer reports the bar's size once it starts observing, after the next layout. Measuring here instead
    // forced a layout of the whole page in the middle of hydration (ADR 0022); the padding's 5rem default holds until.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    if (observer) observer.observe(bar);
    else measure();
    return () => {
      observer?.disconnect();
      delete body.dataset.disclaimer;
      body.style.removeProperty("--disclaimer-height");
    };
  }, [shown, inFlow]);

  if (!shown) return null;
  return (
    <div
      ref={barRef}
      role="region"
      aria-label="风险提示"
      style={inFlow ? undefined : { zIndex: BASE_Z_INDEX - 10 }}
      data-placement={inFlow ? "page-end" : "fixed"}
      className={
        inFlow
          ? "border-t border-amber-200 bg-amber-50"
          : "fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] border-t border-amber-200 bg-amber-50/95 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur md:bottom-0 md:pb-[env(safe-area-inset-bottom)]"
      }
    >
      <div className="mx-auto flex max-w-6xl items-center gap-2 py-1 pr-1.5 pl-3 sm:gap-3 sm:px-4 sm:py-1.5">
        <ShieldAlert aria-hidden="true" size={18} className="hidden shrink-0 text-amber-700 sm:block" />
        <p className="min-w-0 flex-1 text-[11px] leading-4 text-amber-900 sm:text-[13px] sm:leading-5">{DISCLAIMER_TEXT}</p>
        <button
          type="button"
          onClick={() => closeDisclaimer()}
          className="min-h-9 shrink-0 rounded-md border border-amber-300 bg-white px-2 text-[11px] font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-700 sm:min-h-10 sm:px-2.5 sm:text-xs"
        >
          {DISCLAIMER_CLOSE_TEXT}
        </button>
      </div>
    </div>
  );
}
