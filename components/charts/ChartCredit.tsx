import { cn } from "@/components/ui/cn";

/**
 * The credit lightweight-charts' licence asks for (Apache-2.0 with its NOTICE: "TradingView Lightweight Charts,
 * Copyright (c) 2023 TradingView, Inc. https://www.tradingview.com/"; its README: name TradingView as the product's
 * creator and link to https://www.tradingview.com/ on the page). The charts turn the library's own logo off
 * (layout.attributionLogo: false) because on a phone it sat on the MACD pane; this line, under each chart, takes its place.
 * A K-line also names where its bars came from (`dataSource`: Tushare Pro, 东方财富, 导入的日线文件, 模拟行情).
 */
export function ChartCredit({ className, dataSource }: { className?: string; dataSource?: string | null }) {
  return (
    <p data-testid="chart-credit" className={cn("mt-1 px-1 text-right text-[10px] leading-4 text-slate-500", className)}>
      {dataSource ? (
        // its own line on a phone, so neither half wraps mid-phrase
        <span data-testid="chart-data-source" className="block sm:inline">
          行情来源：{dataSource}
          <span className="hidden sm:inline"> · </span>
        </span>
      ) : null}
      图表由{" "}
      <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="underline decoration-slate-300 hover:text-slate-700">
        TradingView Lightweight Charts
      </a>{" "}
      提供
    </p>
  );
}
