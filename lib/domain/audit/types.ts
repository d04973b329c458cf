import type { Fill, StatementEvent } from "@/lib/domain/statements/types";

/**
 * 交割单体检 (docs/adr/0079): each fill of a statement checked against the market. Rule ids are stable: pages, the
 * CLI and stored audits use them.
 */
export const AUDIT_RULES = [
  "not-trading-day",
  "suspended",
  "outside-session",
  "price-outside-range",
  "beyond-limit",
  "lot-size",
  "t-plus-one",
  "volume-exceeded",
  "fee-mismatch",
  "balance-chain",
  "name-at-date",
] as const;

export type AuditRule = (typeof AUDIT_RULES)[number];

/** The member's name of each rule, for lists and filters. */
export const AUDIT_RULE_LABELS: Record<AuditRule, string> = {
  "not-trading-day": "非交易日",
  suspended: "停牌日成交",
  "outside-session": "交易时段外",
  "price-outside-range": "价格超出当日高低",
  "beyond-limit": "超出涨跌停价",
  "lot-size": "买入数量不合规",
  "t-plus-one": "违反 T+1",
  "volume-exceeded": "超过当日成交量",
  "fee-mismatch": "费用不可能",
  "balance-chain": "余额对不上",
  "name-at-date": "名称与当日不符",
};

export interface AuditFailure {
  rule: AuditRule;
  /** Chinese, quoting the numbers: 成交价 23.50 高于当日最高 22.87 */
  message: string;
}

/** passed: checked against the day's market and broke no rule; unverifiable: no market data for the day. */
export type FillAuditStatus = "passed" | "failed" | "unverifiable";

export interface FillAudit {
  status: FillAuditStatus;
  failures: AuditFailure[];
}

export type AuditedFill = Pick<
  Fill,
  "line" | "date" | "time" | "code" | "exchange" | "market" | "name" | "side" | "quantity" | "price" | "amount" | "fees" | "feeBasis" | "shareBalance" | "kind"
>;

export type AuditedEvent = Pick<StatementEvent, "line" | "date" | "kind" | "code" | "quantity" | "shareBalance">;

/** A failed fill as pages and the CLI list it: the fill, the rule and its reason. */
export interface AuditedFailure {
  date: string;
  time: string | null;
  code: string;
  name: string;
  side: "buy" | "sell";
  price: number;
  quantity: number;
  rule: AuditRule;
  message: string;
}

export interface AuditSummary {
  checkedFills: number;
  /** checked against the market and passed every rule */
  verifiedFills: number;
  unverifiable: number;
  failedFills: number;
}

export function summarize(audits: readonly FillAudit[]): AuditSummary {
  let verifiedFills = 0;
  let unverifiable = 0;
  let failedFills = 0;
  for (const a of audits) {
    if (a.status === "passed") verifiedFills++;
    else if (a.status === "unverifiable") unverifiable++;
    else failedFills++;
  }
  return { checkedFills: audits.length, verifiedFills, unverifiable, failedFills };
}
