import { syntheticBars } from "@/lib/domain/demo/synthetic-bars";
import type { DailyBar } from "@/lib/domain/market/types";

/**
 * The demo market: real, well-known A-share codes and names with made-up prices (pages label them 模拟行情).
 * Start prices are in each stock's realistic range; the series are deterministic.
 *
 * `cap` says what kind of stock it is, and so who trades it: 打板 traders and the 打板 strategy only touch the small
 * caps (题材股 that do meet 涨停 and 炸板 several times a year), 趋势 traders only the large caps (which rarely do).
 */
export type DemoCap = "large" | "small";

export interface DemoStock {
  code: string;
  name: string;
  startPrice: number;
  seed: number;
  cap: DemoCap;
}

/** how often each kind meets its daily limits, relative to an active small cap (synthetic-bars.ts) */
export const LIMIT_ACTIVITY: Record<DemoCap, number> = { large: 0.12, small: 0.9 };

export const DEMO_STOCKS: readonly DemoStock[] = [
  { code: "600519", name: "贵州茅台", startPrice: 1480, seed: 11, cap: "large" },
  { code: "300750", name: "宁德时代", startPrice: 262, seed: 12, cap: "large" },
  { code: "002594", name: "比亚迪", startPrice: 98.5, seed: 13, cap: "large" },
  { code: "601318", name: "中国平安", startPrice: 51.2, seed: 14, cap: "large" },
  { code: "600036", name: "招商银行", startPrice: 41.6, seed: 15, cap: "large" },
  { code: "300059", name: "东方财富", startPrice: 22.8, seed: 16, cap: "large" },
  { code: "688981", name: "中芯国际", startPrice: 88.3, seed: 17, cap: "large" },
  { code: "601012", name: "隆基绿能", startPrice: 16.9, seed: 18, cap: "large" },
  { code: "000858", name: "五粮液", startPrice: 126.4, seed: 19, cap: "large" },
  { code: "300308", name: "中际旭创", startPrice: 132, seed: 20, cap: "large" },
  { code: "688256", name: "寒武纪", startPrice: 612, seed: 21, cap: "large" },
  { code: "002230", name: "科大讯飞", startPrice: 47.5, seed: 22, cap: "large" },
  { code: "600900", name: "长江电力", startPrice: 28.6, seed: 23, cap: "large" },
  { code: "601899", name: "紫金矿业", startPrice: 17.2, seed: 24, cap: "large" },
  { code: "600030", name: "中信证券", startPrice: 26.4, seed: 25, cap: "large" },
  { code: "000333", name: "美的集团", startPrice: 72.5, seed: 26, cap: "large" },
  { code: "002131", name: "利欧股份", startPrice: 2.86, seed: 31, cap: "small" },
  { code: "600520", name: "文一科技", startPrice: 21.4, seed: 32, cap: "small" },
  { code: "002456", name: "欧菲光", startPrice: 9.85, seed: 33, cap: "small" },
  { code: "000592", name: "平潭发展", startPrice: 3.12, seed: 34, cap: "small" },
  { code: "600865", name: "百大集团", startPrice: 8.76, seed: 35, cap: "small" },
  { code: "002229", name: "鸿博股份", startPrice: 12.3, seed: 36, cap: "small" },
  { code: "603636", name: "南威软件", startPrice: 10.5, seed: 37, cap: "small" },
  { code: "002354", name: "天娱数科", startPrice: 4.98, seed: 38, cap: "small" },
  { code: "000066", name: "中国长城", startPrice: 13.6, seed: 39, cap: "small" },
  { code: "002031", name: "巨轮智能", startPrice: 4.35, seed: 40, cap: "small" },
  { code: "603123", name: "翠微股份", startPrice: 7.9, seed: 41, cap: "small" },
  { code: "000034", name: "神州数码", startPrice: 31.2, seed: 42, cap: "small" },
  { code: "300364", name: "中文在线", startPrice: 19.6, seed: 43, cap: "small" },
  { code: "300058", name: "蓝色光标", startPrice: 7.45, seed: 44, cap: "small" },
  { code: "002195", name: "岩山科技", startPrice: 3.9, seed: 45, cap: "small" },
  { code: "600589", name: "大位科技", startPrice: 5.6, seed: 46, cap: "small" },
];

/** the codes of one kind, in DEMO_STOCKS order */
export function demoCodes(cap: DemoCap): ReadonlySet<string> {
  return new Set(DEMO_STOCKS.filter((s) => s.cap === cap).map((s) => s.code));
}

/**
 * The demo world's one "today": the market, every master's record and every strategy's record end on this trading
 * day, so the home page, /god, the rankings, the loss tracker and 实盘 all derive their dates from it.
 */
export const DEMO_TODAY = "2026-11-20";

/** Every demo series starts here, so a stock's price on a date does not depend on the range asked for. */
export const DEMO_MARKET_START = "2025-01-02";

export function demoStock(code: string): DemoStock | undefined {
  return DEMO_STOCKS.find((s) => s.code === code);
}

/** Bars of one demo stock from `from` to `to` (inclusive); nothing before DEMO_MARKET_START. */
export function demoStockBars(stock: DemoStock, from: string, to: string): DailyBar[] {
  if (to < DEMO_MARKET_START || to < from) return [];
  return syntheticBars(stock.code, stock.name, DEMO_MARKET_START, to, stock.seed, stock.startPrice, LIMIT_ACTIVITY[stock.cap]).filter(
    (bar) => bar.date >= from,
  );
}

/** Bars of every demo stock, grouped by stock in DEMO_STOCKS order, each in date order. */
export function demoBars(from: string, to: string): DailyBar[] {
  return DEMO_STOCKS.flatMap((stock) => demoStockBars(stock, from, to));
}
