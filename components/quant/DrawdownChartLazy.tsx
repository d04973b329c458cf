"use client";

import dynamic from "next/dynamic";
import { useId, useMemo } from "react";
import { ChartSkeleton } from "@/components/charts/ChartSkeleton";
import { cn } from "@/components/ui/cn";
import type { DrawdownChartProps } from "./DrawdownChart";
import { DRAWDOWN_DEFAULT_HEIGHT, DRAWDOWN_LEGEND_HEIGHT, cleanDrawdown, drawdownSummary, maxDrawdownSpan } from "./drawdown-data";
import { ChartCredit } from "@/components/charts/ChartCredit";

const DrawdownChart = dynamic(() => import("./DrawdownChart").then((m) => m.DrawdownChart), {
  ssr: false,
  loading: () => <ChartSkeleton label="回撤图加载中…" />,
});

/** The drawdown chart, loaded in the browser only behind a skeleton of its size, with its summary in the server HTML. */
export function DrawdownChartLazy(props: Omit<DrawdownChartProps, "describedBy">) {
  const { points, peak, trough, caption, className } = props;
  const height = props.height ?? DRAWDOWN_DEFAULT_HEIGHT;
  const summaryId = useId();
  const summary = useMemo(() => {
    const clean = cleanDrawdown(points);
    return drawdownSummary(clean, maxDrawdownSpan(clean, { peak, trough }), caption);
  }, [points, peak, trough, caption]);
  return (
    <div className={cn("relative w-full min-w-0", className)} style={{ minHeight: height + DRAWDOWN_LEGEND_HEIGHT }}>
      <p id={summaryId} className="sr-only">
        {summary}
      </p>
      <DrawdownChart {...props} className={undefined} height={height} describedBy={summaryId} />
      <ChartCredit />
    </div>
  );
}
