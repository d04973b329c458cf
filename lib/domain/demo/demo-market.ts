import { syntheticBars } from "@/lib/domain/demo/synthetic-bars";
import type { DailyBar } from "@/lib/domain/market/types";

/**
 * The demo market: real, well-known A-share codes and names with made-up prices (pages label them 模拟行情).
 * Start prices are in each stock's realistic range; the series are deterministic.
 */
export interface DemoStock {
  code: string;
  name: string;
  startPrice: number;
  seed: number;
}

export const DEMO_STOCKS: readonly DemoStock[] = [
  { code: "600519", name: "贵州茅台", startPrice: 1480, seed: 11 },
  { code: "300750", name: "宁德时代", startPrice: 262, seed: 12 },
  { code: "002594", name: "比亚迪", startPrice: 98.5, seed: 13 },
  { code: "601318", name: "中国平安", startPrice: 51.2, seed: 14 },
  { code: "600036", name: "招商银行", startPrice: 41.6, seed: 15 },
  { code: "300059", name: "东方财富", startPrice: 22.8, seed: 16 },
  { code: "688981", name: "中芯国际", startPrice: 88.3, seed: 17 },
  { code: "601012", name: "隆基绿能", startPrice: 16.9, seed: 18 },
  { code: "000858", name: "五粮液", startPrice: 126.4, seed: 19 },
  { code: "300308", name: "中际旭创", startPrice: 132, seed: 20 },
  { code: "688256", name: "寒武纪", startPrice: 612, seed: 21 },
  { code: "002230", name: "科大讯飞", startPrice: 47.5, seed: 22 },
];

/** Every demo series starts here, so a stock's price on a date does not depend on the range asked for. */
export const DEMO_MARKET_START = "2025-01-02";

export function demoStock(code: string): DemoStock | undefined {
  return DEMO_STOCKS.find((s) => s.code === code);
}

/** Bars of one demo stock from `from` to `to` (inclusive); nothing before DEMO_MARKET_START. */
export function demoStockBars(stock: DemoStock, from: string, to: string): DailyBar[] {
  if (to < DEMO_MARKET_START || to < from) return [];
  return syntheticBars(stock.code, stock.name, DEMO_MARKET_START, to, stock.seed, stock.startPrice).filter(
    (bar) => bar.date >= from,
  );
}

/** Bars of every demo stock, grouped by stock in DEMO_STOCKS order, each in date order. */
export function demoBars(from: string, to: string): DailyBar[] {
  return DEMO_STOCKS.flatMap((stock) => demoStockBars(stock, from, to));
}
