"use client";

import dynamic from "next/dynamic";
import { useId, useMemo, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { useNearViewport } from "@/components/ui/near-viewport";
import { ChartSkeleton } from "./ChartSkeleton";
import type { KLineChartProps } from "./KLineChart";
import { KLINE_DEFAULT_HEIGHT, KLINE_LEGEND_HEIGHT, buildKLineModel, klineSummary } from "./kline-data";

const KLineChart = dynamic(() => import("./KLineChart").then((m) => m.KLineChart), {
  ssr: false,
  loading: () => <ChartSkeleton label="K线图加载中…" />,
});

/**
 * The way to put a K-line on a page: the chart library loads in the browser only (not in the first-load bundle),
 * behind a skeleton of the same size, while the text summary is in the server HTML for crawlers and screen readers.
 */
export function KLineChartLazy(props: Omit<KLineChartProps, "describedBy">) {
  const { bars, markers, limitMarks, highlight, period, caption, className } = props;
  const height = props.height ?? KLINE_DEFAULT_HEIGHT;
  const summaryId = useId();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const summary = useMemo(
    () => klineSummary(buildKLineModel({ bars, markers, limitMarks, highlight, period }), caption),
    [bars, markers, limitMarks, highlight, period, caption],
  );
  return (
    <div ref={box} data-testid="chart-box" className={cn("relative w-full min-w-0", className)} style={{ minHeight: height + KLINE_LEGEND_HEIGHT }}>
      <p id={summaryId} className="sr-only">
        {summary}
      </p>
      {near ? <KLineChart {...props} className={undefined} height={height} describedBy={summaryId} /> : <ChartSkeleton label="K线图加载中…" />}
    </div>
  );
}
