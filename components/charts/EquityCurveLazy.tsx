"use client";

import dynamic from "next/dynamic";
import { useId, useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { ChartSkeleton } from "./ChartSkeleton";
import type { EquityCurveProps } from "./EquityCurve";
import { EQUITY_DEFAULT_HEIGHT, EQUITY_LEGEND_HEIGHT, equitySeries, equitySummary } from "./equity-data";
import { ChartCredit } from "./ChartCredit";

const EquityCurve = dynamic(() => import("./EquityCurve").then((m) => m.EquityCurve), {
  ssr: false,
  loading: () => <ChartSkeleton label="盈亏曲线加载中…" />,
});

/** The cumulative P&L curve, loaded in the browser only, with its summary in the server HTML. */
export function EquityCurveLazy(props: Omit<EquityCurveProps, "describedBy">) {
  const { points, caption, className } = props;
  const height = props.height ?? EQUITY_DEFAULT_HEIGHT;
  const summaryId = useId();
  const summary = useMemo(() => equitySummary(equitySeries(points), caption), [points, caption]);
  return (
    <div className={cn("relative w-full min-w-0", className)} style={{ minHeight: height + EQUITY_LEGEND_HEIGHT }}>
      <p id={summaryId} className="sr-only">
        {summary}
      </p>
      <EquityCurve {...props} className={undefined} height={height} describedBy={summaryId} />
      <ChartCredit />
    </div>
  );
}
