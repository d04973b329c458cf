import Link from "@/components/ui/Link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { displayCode } from "@/lib/domain/market/codes";
import type { Market } from "@/lib/domain/market/types";
import type { FeeBasis } from "@/lib/domain/statements/types";

/** The fee bases that carry a mark: fees read from the file carry none. */
export type ShownFeeBasis = Exclude<FeeBasis, "file">;

export const FEE_BASIS_TEXT: Record<ShownFeeBasis, string> = {
  derived: "推算：文件没有费用列，按清算金额与成交金额之差算出",
  schedule: "估：文件既无费用列也无清算金额，按成交日的费率估算",
};

/** The mark a fee carries: 估 when any part was estimated by the schedule, else 推算 when any was derived from the net cash. */
export function feeMarkOf(item: { feeBasis?: FeeBasis | "mixed" | null; feesEstimated?: boolean }): ShownFeeBasis | null {
  if (item.feesEstimated || item.feeBasis === "schedule") return "schedule";
  // a mixed trip without estimated fees mixes fees read from the file with derived ones
  return item.feeBasis === "derived" || item.feeBasis === "mixed" ? "derived" : null;
}

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


/** The small 估 tag after a figure that was estimated rather than read from the file. */
export function EstimatedMark() {
  return <FeeBasisMark basis="schedule" />;
}

/**
 * 推算 / 估 after a fee that the file did not state (nothing for fees read from the file). The title repeats the
 * meaning for a mouse; on a phone the FeeBasisNote under the table says it in plain text, no hover needed.
 */
export function FeeBasisMark({ basis }: { basis: ShownFeeBasis | null }) {
  if (!basis) return null;
  const derived = basis === "derived";
  return (
    <abbr
      title={FEE_BASIS_TEXT[basis]}
      data-fee-basis={basis}
      className={cn(
        "ml-1 inline-flex rounded border px-1 text-[10px] leading-4 font-medium no-underline",
        derived ? "border-sky-300 bg-sky-50 text-sky-800" : "border-amber-300 bg-amber-50 text-amber-800",
      )}
    >
      {derived ? "推算" : "估"}
    </abbr>
  );
}

/** The footnote under a table with 推算 / 估 marks: what each means, visible on any screen. */
export function FeeBasisNote({ bases, className }: { bases: Iterable<ShownFeeBasis | null>; className?: string }) {
  const shown = new Set(bases);
  const lines = (["derived", "schedule"] as const).filter((b) => shown.has(b));
  if (!lines.length) return null;
  return (
    <ul data-testid="fee-basis-note" className={cn("space-y-0.5 px-3 py-2 text-[11px] leading-4 text-slate-500 sm:px-4", className)}>
      {lines.map((b) => (
        <li key={b}>
          <FeeBasisMark basis={b} /> {FEE_BASIS_TEXT[b]}
        </li>
      ))}
    </ul>
  );
}


/** 贵州茅台 over 600519 (腾讯控股 over 00700.HK), linked when an href is given. */
export function StockCell({ name, code, href, market }: { name: string; code: string; href?: string | null; market?: Market | null }) {
  const shownCode = displayCode(code, market);
  const body = (
    <span className="flex flex-col leading-tight">
      <span className={cn("font-medium text-slate-900", href ? "group-hover:text-brand group-hover:underline" : undefined)}>{name || shownCode}</span>
      <span className="text-[11px] text-slate-500">{shownCode}</span>
    </span>
  );
  return href ? (
    <Link prefetch={false} href={href} className="group inline-block">
      {body}
    </Link>
  ) : (
    body
  );
}
