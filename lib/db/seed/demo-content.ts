/** Demo data loaded on first run; every row is flagged is_demo and shown with the 演示数据 label. */

export const DEMO_MASTERS = [
  { name: "青山短线", bio: "专注主板首板与二板接力，严格止损，单票仓位不超过三成。", styleTags: ["打板", "短线", "主板"] },
  { name: "北岸游资", bio: "偏好题材龙头的分歧转一致，低吸为主，持股一到三天。", styleTags: ["低吸", "题材", "龙头"] },
  { name: "徐徐图之", bio: "中线趋势交易，跟随均线系统，回撤控制优先于收益。", styleTags: ["趋势", "中线", "均线"] },
];

export const DEMO_STRATEGIES = [
  { name: "沪深300 动量轮动", author: "量化学堂研究组", style: "动量 / 行业轮动", status: "paper" as const, startDate: "2025-01-02",
    description: "每月末按过去 60 个交易日涨幅选取沪深300中最强的 10 只股票等权持有，次月初开盘调仓。" },
  { name: "小市值低波动", author: "量化学堂研究组", style: "多因子 / 低波动", status: "backtest" as const, startDate: "2021-01-04",
    description: "在流通市值最小的 30% 股票中剔除 ST 与次新股，选取 120 日波动率最低的 20 只，每两周调仓。" },
];

/** The teaching articles, videos and demo blog posts live in demo-articles.ts (with their covers and videos). */
export { DEMO_ARTICLES, DEMO_BLOG_POSTS } from "./demo-articles";
export type { DemoArticle, DemoBlogPost } from "./demo-articles";
