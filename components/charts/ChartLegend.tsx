import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The line above a chart that follows the crosshair (date and values): small grey figures in a strip of fixed
 * height, so the canvas does not move. Hidden from screen readers: the figure's summary says it in words.
 */
export function ChartLegend({ height, className, testId, children }: { height: number; className: string; testId?: string; children: ReactNode }) {
  return (
    <div aria-hidden data-testid={testId} className={cn("px-1 text-[11px] text-slate-500 tabular-nums", className)} style={{ height }}>
      {children}
    </div>
  );
}
