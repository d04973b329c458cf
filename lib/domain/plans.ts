import { FREE_DRILLS_PER_DAY } from "./lessons/drill";
/** The price list of PRODUCT.md (CNY, integer fen): the catalog migration 0007 seeds into `plans`, edited in /admin/plans. */
export interface Plan {
  id: string;
  levelId: 100 | 200;
  name: string;
  period: "month" | "quarter" | "year";
  days: number;
  priceFen: number;
  /** Monthly plans may renew automatically (a subscription); the others are one-off passes. */
  renewable: boolean;
}

export const PERIOD_NAMES = { month: "月卡", quarter: "季卡", year: "年卡" } as const;

export const DEFAULT_PLANS: Plan[] = [
  { id: "vip-month", levelId: 100, name: "VIP 月卡", period: "month", days: 30, priceFen: 6800, renewable: true },
  { id: "vip-quarter", levelId: 100, name: "VIP 季卡", period: "quarter", days: 90, priceFen: 18800, renewable: false },
  { id: "vip-year", levelId: 100, name: "VIP 年卡", period: "year", days: 365, priceFen: 59800, renewable: false },
  { id: "svip-month", levelId: 200, name: "SVIP 月卡", period: "month", days: 30, priceFen: 12800, renewable: true },
  { id: "svip-quarter", levelId: 200, name: "SVIP 季卡", period: "quarter", days: 90, priceFen: 34800, renewable: false },
  { id: "svip-year", levelId: 200, name: "SVIP 年卡", period: "year", days: 365, priceFen: 109800, renewable: false },
];

/** What each tier adds (PRODUCT.md "Membership tiers"). */
export const TIER_BENEFITS: Record<0 | 100 | 200, string[]> = {
  0: ["浏览全部公开内容", "上传并分析自己的交割单", "撰写博客", "关注 1 个量化策略", `交易训练：免费样本中的交易日，每天 ${FREE_DRILLS_PER_DAY} 题`, "邀请好友"],
  100: ["全部大神交割单（明细、K线、分析）", "完整排行榜与亏损追踪", "VIP 文章与视频", "交易训练：全部已公开交易日，不限题数", "关注最多 10 个策略"],
  200: ["包含 VIP 全部权益", "策略当日实盘成交", "跟单信号与消息提醒", "SVIP 文章与视频", "不限关注策略数量"],
};
