import { DEMO_MASTERS } from "@/lib/domain/demo/demo-masters";

/** Demo data loaded on first run; every row is flagged is_demo and shown with the 演示数据 label. */

/** The demo masters' rows; their statements are generated from the demo master of the same name (demo-masters.ts). */
export const DEMO_MASTER_ROWS = DEMO_MASTERS.map((m) => ({ name: m.name, bio: m.intro, styleTags: m.styleTags }));

export const DEMO_STRATEGIES = [
  { name: "沪深300 动量轮动", author: "量化学堂研究组", style: "动量 / 行业轮动", status: "paper" as const, startDate: "2025-01-02",
    description: "每月末按过去 60 个交易日涨幅选取沪深300中最强的 10 只股票等权持有，次月初开盘调仓。" },
  { name: "小市值低波动", author: "量化学堂研究组", style: "多因子 / 低波动", status: "backtest" as const, startDate: "2021-01-04",
    description: "在流通市值最小的 30% 股票中剔除 ST 与次新股，选取 120 日波动率最低的 20 只，每两周调仓。" },
];

/** The teaching articles, videos and demo blog posts live in demo-articles.ts (with their covers and videos). */
export { DEMO_ARTICLES, DEMO_BLOG_POSTS } from "./demo-articles";
export type { DemoArticle, DemoBlogPost } from "./demo-articles";
