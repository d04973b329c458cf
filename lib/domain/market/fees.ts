import type { FillFees, Side } from "@/lib/domain/statements/types";

/**
 * Fee estimate for fills whose statement carries no fee columns (PRODUCT.md "Domain rules", research B.1).
 * Schedules are data so pages can show them; each entry applies from `since` (inclusive) until the next entry.
 */
export interface RateStep {
  since: string;
  buy: number;
  sell: number;
}

/** 印花税: 0.3% both sides (simplified before 2008), 0.1% both sides, 0.1% seller only, 0.05% seller only. */
export const STAMP_DUTY_SCHEDULE: readonly RateStep[] = [
  { since: "1990-01-01", buy: 0.003, sell: 0.003 },
  { since: "2008-04-24", buy: 0.001, sell: 0.001 },
  { since: "2008-09-19", buy: 0, sell: 0.001 },
  { since: "2023-08-28", buy: 0, sell: 0.0005 },
];

/** 过户费 on turnover, both sides: 0.002% (simplified before 2015-08-01), 0.001% from 2022-04-29. */
export const TRANSFER_FEE_SCHEDULE: readonly RateStep[] = [
  { since: "1990-01-01", buy: 0.00002, sell: 0.00002 },
  { since: "2022-04-29", buy: 0.00001, sell: 0.00001 },
];

/** 佣金 万2.5 with the usual ¥5 minimum per fill (经手费 and 证管费 included). */
export const COMMISSION_RULE = { rate: 0.00025, minimum: 5 } as const;

export function rateOn(schedule: readonly RateStep[], side: Side, date: string): number {
  let rate = 0;
  for (const step of schedule) {
    if (step.since <= date) rate = side === "buy" ? step.buy : step.sell;
  }
  return rate;
}

const RATE_SCALE = 10_000_000; // rates are whole multiples of 0.00001%

/** amount × rate rounded half-up to the fen, in integer arithmetic so 0.015 is 0.02 and not 0.01 */
export function chargeOn(amount: number, rate: number): number {
  const fen = Math.round(amount * 100);
  const rateUnits = Math.round(rate * RATE_SCALE);
  const product = fen * rateUnits;
  if (Number.isSafeInteger(product)) return Math.floor((product + RATE_SCALE / 2) / RATE_SCALE) / 100;
  const big = (BigInt(fen) * BigInt(rateUnits) + BigInt(RATE_SCALE / 2)) / BigInt(RATE_SCALE);
  return Number(big) / 100;
}

/** Estimated fees of one fill of `amount` yuan on trade date `date` (YYYY-MM-DD). */
export function estimateFees(side: Side, amount: number, date: string): FillFees {
  if (!Number.isFinite(amount) || amount <= 0) throw new RangeError(`成交金额必须大于 0：${amount}`);
  return {
    commission: Math.max(COMMISSION_RULE.minimum, chargeOn(amount, COMMISSION_RULE.rate)),
    stampDuty: chargeOn(amount, rateOn(STAMP_DUTY_SCHEDULE, side, date)),
    transferFee: chargeOn(amount, rateOn(TRANSFER_FEE_SCHEDULE, side, date)),
    other: 0,
  };
}
