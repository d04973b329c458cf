import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** The card every statement view sits in: white, rounded, a small heading; content never widens the page. */
export function Panel({ title, aside, children, className, bodyClassName, testId }: {
  title?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  testId?: string;
}) {
  return (
    <section data-testid={testId} className={cn("min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm", className)}>
      {title || aside ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-100 px-3 py-2 sm:px-4">
          {title ? <h3 className="text-sm font-semibold text-slate-900">{title}</h3> : <span />}
          {aside ? <div className="text-xs text-slate-500">{aside}</div> : null}
        </div>
      ) : null}
      <div className={cn("min-w-0", bodyClassName ?? "p-3 sm:p-4")}>{children}</div>
    </section>
  );
}

/** A table that scrolls sideways inside its card on a narrow phone instead of widening the page. */
export function ScrollTable({ children, label, minWidth = 640 }: { children: ReactNode; label: string; minWidth?: number }) {
  return (
    // tabIndex lets keyboard users scroll it; the label names the region.
    <div role="region" aria-label={label} tabIndex={0} className="-mx-px overflow-x-auto overscroll-x-contain focus-visible:outline-2 focus-visible:outline-brand">
      <table className="w-full border-collapse text-left text-xs whitespace-nowrap text-slate-700 tabular-nums sm:text-sm" style={{ minWidth }}>
        {children}
      </table>
    </div>
  );
}

export const TH = "border-b border-slate-200 bg-slate-50 px-2.5 py-2 font-medium text-slate-500 first:pl-3 last:pr-3";
/** No text colour here: the table's slate inherits, and a 红/绿 tone class on a cell wins. */
export const TD = "border-b border-slate-100 px-2.5 py-2 first:pl-3 last:pr-3";

/** The small 估 tag after a figure that was estimated rather than read from the file. */
export function EstimatedMark() {
  return (
    <abbr title="文件未提供费用，按成交日的费率估算" className="ml-1 inline-flex rounded border border-amber-300 bg-amber-50 px-1 text-[10px] leading-4 font-medium text-amber-800 no-underline">
      估
    </abbr>
  );
}

/** 贵州茅台 over 600519, linked when an href is given. */
export function StockCell({ name, code, href }: { name: string; code: string; href?: string | null }) {
  const body = (
    <span className="flex flex-col leading-tight">
      <span className={cn("font-medium text-slate-900", href ? "group-hover:text-brand group-hover:underline" : undefined)}>{name || code}</span>
      <span className="text-[11px] text-slate-500">{code}</span>
    </span>
  );
  return href ? (
    <Link href={href} className="group inline-block">
      {body}
    </Link>
  ) : (
    body
  );
}
