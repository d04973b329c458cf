"use client";

import dynamic from "next/dynamic";
import { useId, useMemo, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { useNearViewport } from "@/components/ui/near-viewport";
import { ChartSkeleton } from "./ChartSkeleton";
import type { KLineChartProps } from "./KLineChart";
import { unpackBars } from "@/lib/domain/market/packed-bars";
import { KLINE_DEFAULT_HEIGHT, KLINE_LEGEND_HEIGHT } from "./kline-size";
import { ChartCredit } from "./ChartCredit";

function KLineSkeleton() {
  return <ChartSkeleton label="K线图加载中…" />;
}

const KLineChart = dynamic(() => import("./KLineChart").then((m) => m.KLineChart), {
  ssr: false,
  loading: KLineSkeleton,
});

export type KLineChartLazyProps = Omit<KLineChartProps, "describedBy" | "bars"> & {
  /** packBars(…) of the bars to draw: one string in the page's payload instead of ~1,000 values */
  bars: string;
  /** klineSummary(…) of the same chart, computed where the page renders so a phone does not compute it to hydrate */
  summary: string;
  /** where the bars came from, for the credit line (sourcesLabel) */
  dataSource?: string | null;
};

/**
 * The way to put a K-line on a page: the chart library loads in the browser only (not in the first-load bundle), when
 * the reader scrolls near it, behind a skeleton of the same size, while the text summary is in the server HTML for
 * crawlers and screen readers.
 */
export function KLineChartLazy({ bars, summary, dataSource, className, ...props }: KLineChartLazyProps) {
  const height = props.height ?? KLINE_DEFAULT_HEIGHT;
  const summaryId = useId();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const fullBars = useMemo(() => (near ? unpackBars(bars) : []), [near, bars]);
  return (
    <div ref={box} data-testid="chart-box" className={cn("relative w-full min-w-0", className)} style={{ minHeight: height + KLINE_LEGEND_HEIGHT }}>
      <p id={summaryId} className="sr-only">
        {summary}
      </p>
      {near ? <KLineChart {...props} bars={fullBars} height={height} describedBy={summaryId} /> : <KLineSkeleton />}
      <ChartCredit dataSource={dataSource} />
    </div>
  );
}
