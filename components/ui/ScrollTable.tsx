"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "./cn";

/** Tables at least this wide overflow a phone (375 px): before the browser measures, they show the hint there. */
const PHONE_WIDTH = 400;

/** The first cell of every row stays put while the rest scrolls under it (its background hides what passes). */
const STICKY_FIRST =
  "[&_tr>*:first-child]:sticky [&_tr>*:first-child]:left-0 [&_tr>*:first-child]:z-[1] [&_tr>*:first-child]:shadow-[1px_0_0_#e2e8f0] [&_tbody_tr>*:first-child]:bg-white";

interface Scroll {
  /** null until measured in the browser */
  overflows: boolean | null;
  atEnd: boolean;
  /** the reader has scrolled it once: the hint has done its job */
  scrolled: boolean;
}

/**
 * A table that scrolls sideways inside its card on a narrow phone instead of widening the page. While columns are out
 * of sight it says so inside the card — 左右滑动查看更多 above the table and a fade on the right edge — until the
 * reader scrolls; the first column (the stock, the master, the year) stays in place while the others pass under it.
 */
export function ScrollTable({ children, label, minWidth = 640, stickyFirst = true, className, testId }: {
  children: ReactNode;
  /** names the scroll region for screen readers */
  label: string;
  /** the table's narrowest width; wider than the phone, it scrolls */
  minWidth?: number;
  stickyFirst?: boolean;
  /** classes of the table itself (text size, colours) */
  className?: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState<Scroll>({ overflows: null, atEnd: false, scrolled: false });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const max = el.scrollWidth - el.clientWidth;
      setScroll((s) => {
        const next = { overflows: max > 1, atEnd: el.scrollLeft >= max - 1, scrolled: s.scrolled || el.scrollLeft > 1 };
        return next.overflows === s.overflows && next.atEnd === s.atEnd && next.scrolled === s.scrolled ? s : next;
      });
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    resize?.observe(el);
    if (el.firstElementChild) resize?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener("scroll", measure);
      resize?.disconnect();
    };
  }, []);

  // Server render and first paint: a table wider than a phone hints on phones only (sm:hidden); then what is measured.
  const unmeasured = scroll.overflows === null;
  const mayOverflow = unmeasured ? minWidth >= PHONE_WIDTH : scroll.overflows!;
  const showHint = mayOverflow && !scroll.scrolled;
  const showFade = mayOverflow && !scroll.atEnd;
  return (
    // relative: anything absolutely placed inside (the fade, a visually hidden label) stays inside the card.
    <div className="relative" data-testid={testId}>
      {showHint ? (
        <p data-testid="scroll-hint" aria-hidden="true" className={cn("flex items-center justify-end gap-1 px-3 pt-1.5 pb-1 text-[11px] text-slate-500", unmeasured && "sm:hidden")}>
          左右滑动查看更多 <span className="text-slate-500">⇆</span>
        </p>
      ) : null}
      <div className="relative">
        {/* tabIndex lets keyboard users scroll it; the label names the region. */}
        <div
          ref={box}
          role="region"
          aria-label={label}
          tabIndex={0}
          className="-mx-px overflow-x-auto overscroll-x-contain focus-visible:outline-2 focus-visible:outline-brand"
        >
          <table
            className={cn("relative w-full border-collapse text-left text-xs whitespace-nowrap text-slate-700 tabular-nums sm:text-sm", stickyFirst && STICKY_FIRST, className)}
            style={{ minWidth }}
          >
            {children}
          </table>
        </div>
        {showFade ? (
          <div
            data-testid="scroll-fade"
            aria-hidden="true"
            className={cn("pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent", unmeasured && "sm:hidden")}
          />
        ) : null}
      </div>
    </div>
  );
}
