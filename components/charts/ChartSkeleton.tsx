/** The placeholder of a lazily loaded chart: fills its (fixed-height) parent so nothing moves when the chart arrives. */
export function ChartSkeleton({ label = "图表加载中…" }: { label?: string }) {
  return (
    <div role="status" data-testid="chart-skeleton" className="absolute inset-0 flex flex-col gap-2 overflow-hidden rounded-lg p-1">
      <span className="sr-only">{label}</span>
      <div aria-hidden className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
      <div aria-hidden className="flex-1 animate-pulse rounded bg-slate-100" />
    </div>
  );
}
