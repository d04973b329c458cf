"use client";

import dynamic from "next/dynamic";
import { useId, useMemo, useRef } from "react";
import { ChartSkeleton } from "@/components/charts/ChartSkeleton";
import { cn } from "@/components/ui/cn";
import { useNearViewport } from "@/components/ui/near-viewport";
import type { NavChartProps } from "./NavChart";
import { DEFAULT_BENCHMARK_NAME, NAV_DEFAULT_HEIGHT, NAV_LEGEND_HEIGHT, navSummary, rebaseNav } from "./nav-data";
import { ChartCredit } from "@/components/charts/ChartCredit";

function NavSkeleton() {
  return <ChartSkeleton label="净值曲线加载中…" />;
}

const NavChart = dynamic(() => import("./NavChart").then((m) => m.NavChart), {
  ssr: false,
  loading: NavSkeleton,
});

/** The NAV chart, loaded in the browser only behind a skeleton of its size, with its summary in the server HTML. */
export function NavChartLazy(props: Omit<NavChartProps, "describedBy">) {
  const { nav, benchmark, benchmarkName = DEFAULT_BENCHMARK_NAME, caption, className } = props;
  const height = props.height ?? NAV_DEFAULT_HEIGHT;
  const summaryId = useId();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const summary = useMemo(() => navSummary(rebaseNav(nav, benchmark), benchmarkName, caption), [nav, benchmark, benchmarkName, caption]);
  return (
    <div ref={box} data-testid="chart-box" className={cn("relative w-full min-w-0", className)} style={{ minHeight: height + NAV_LEGEND_HEIGHT }}>
      <p id={summaryId} className="sr-only">
        {summary}
      </p>
      {near ? <NavChart {...props} className={undefined} height={height} describedBy={summaryId} /> : <NavSkeleton />}
      <ChartCredit />
    </div>
  );
}
