import { useId, type ReactNode, type RefObject } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The frame every chart of the site draws in: a figure named for screen readers and described by its text summary
 * (the caption here, or one rendered outside by the *Lazy wrapper), the legend above, and the canvas the chart library
 * draws on — or, when there is nothing to draw, a sentence saying so in its place.
 */
export function ChartFigure({ testId, ready, label, describedBy, summary, legend, canvasRef, height, empty, emptyClassName = "text-slate-500", data, className, children }: {
  testId: string;
  /** the library has drawn the current data (data-ready, read by the tests) */
  ready: boolean;
  label: string;
  /** id of a summary rendered outside; without it `summary()` becomes the figure's caption */
  describedBy?: string;
  summary: () => string;
  legend: ReactNode;
  canvasRef: RefObject<HTMLDivElement | null>;
  height: number;
  /** said instead of the chart when there is nothing to draw; null when there is */
  empty: string | null;
  emptyClassName?: string;
  data?: Record<`data-${string}`, string | number | undefined>;
  className?: string;
  /** shown under the canvas (the K-line's tapped-bar panel) */
  children?: ReactNode;
}) {
  const summaryId = useId();
  return (
    <figure
      data-testid={testId}
      data-ready={ready ? "true" : "false"}
      {...data}
      aria-label={label}
      aria-describedby={describedBy ?? summaryId}
      className={cn("m-0 w-full min-w-0", className)}
    >
      {describedBy ? null : (
        <figcaption id={summaryId} className="sr-only">
          {summary()}
        </figcaption>
      )}
      {legend}
      {empty === null ? (
        <>
          <div ref={canvasRef} aria-hidden className="relative w-full min-w-0 select-none" style={{ height }} />
          {children}
        </>
      ) : (
        <div className={cn("flex w-full items-center justify-center rounded-lg bg-slate-50 text-sm", emptyClassName)} style={{ height }}>
          {empty}
        </div>
      )}
    </figure>
  );
}
