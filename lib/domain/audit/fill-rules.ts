import { boardOf, isFundCode, isStockCode } from "@/lib/domain/market/codes";
import { chargeOn, COMMISSION_RULE, rateOn, STAMP_DUTY_SCHEDULE } from "@/lib/domain/market/fees";
import { limitDownPrice, limitRatio, limitUpPrice, priceDecimals } from "@/lib/domain/market/limits";
import { isValidBuyQuantity, minBuyQuantity } from "@/lib/domain/market/lots";
import { isInSession, sessionsText } from "@/lib/domain/market/sessions";
import type { DailyBar } from "@/lib/domain/market/types";
import type { AuditedFill, AuditFailure } from "@/lib/domain/audit/types";

/** The checks of one fill on its own: its day's bar, the close before it and the rules of its date (docs/adr/0079). */

/** 佣金 may not exceed 千分之三 of the amount (证监会's cap), with the 5-yuan minimum a broker may charge on top. */
export const COMMISSION_CAP_RATE = 0.003;

const price = (value: number, decimals: number) => value.toFixed(decimals);
const yuan = (value: number) => value.toFixed(2);

export function sessionFailure(f: AuditedFill): AuditFailure | null {
  if (f.time === null || isInSession(f.code, f.date, f.time)) return null;
  return { rule: "outside-session", message: `成交时间 ${f.time} 不在交易时段内（${sessionsText(f.code, f.date)}）` };
}

/** One tick of tolerance: a 成交均价 of several fills is rounded to the tick. */
export function rangeFailure(f: AuditedFill, bar: DailyBar): AuditFailure | null {
  const decimals = priceDecimals(f.code);
  const tick = 10 ** -decimals;
  if (f.price > bar.high + tick + 1e-9) return { rule: "price-outside-range", message: `成交价 ${price(f.price, decimals)} 高于当日最高 ${price(bar.high, decimals)}` };
  if (f.price < bar.low - tick - 1e-9) return { rule: "price-outside-range", message: `成交价 ${price(f.price, decimals)} 低于当日最低 ${price(bar.low, decimals)}` };
  return null;
}

/**
 * Beyond the day's limit prices, from the close before the day (the bar's 昨收 when the source gives one). Not judged
 * when the day's own bar lies beyond the limits computed so (an ex-dividend day without a 昨收: the limits are wrong).
 */
export function limitFailure(f: AuditedFill, prevClose: number | null, bar: DailyBar | null): AuditFailure | null {
  if (prevClose === null || prevClose <= 0) return null;
  const ratio = limitRatio(f.code, f.date, { name: f.name });
  if (ratio === null) return null;
  const decimals = priceDecimals(f.code);
  const up = limitUpPrice(prevClose, ratio, decimals);
  const down = limitDownPrice(prevClose, ratio, decimals);
  if (bar && (bar.high > up + 1e-9 || bar.low < down - 1e-9)) return null;
  const pct = `${Math.round(ratio * 100)}%`;
  if (f.price > up + 1e-9) return { rule: "beyond-limit", message: `成交价 ${price(f.price, decimals)} 高于涨停价 ${price(up, decimals)}（昨收 ${price(prevClose, decimals)}，涨跌幅 ${pct}）` };
  if (f.price < down - 1e-9) return { rule: "beyond-limit", message: `成交价 ${price(f.price, decimals)} 低于跌停价 ${price(down, decimals)}（昨收 ${price(prevClose, decimals)}，涨跌幅 ${pct}）` };
  return null;
}

/** Beyond the day's limit prices as the exchange set them (the provider's 涨停价 and 跌停价: ST, new listings, any board). */
export function statedLimitFailure(f: AuditedFill, limits: { up: number; down: number }): AuditFailure | null {
  const decimals = priceDecimals(f.code);
  if (f.price > limits.up + 1e-9) return { rule: "beyond-limit", message: `成交价 ${price(f.price, decimals)} 高于当日涨停价 ${price(limits.up, decimals)}（交易所公布的涨跌停价）` };
  if (f.price < limits.down - 1e-9) return { rule: "beyond-limit", message: `成交价 ${price(f.price, decimals)} 低于当日跌停价 ${price(limits.down, decimals)}（交易所公布的涨跌停价）` };
  return null;
}

/** Buys in whole lots (科创板: at least 200, then steps of 1; 北交所 at least 100, then 1); sells may be odd lots. */
export function lotFailure(f: AuditedFill): AuditFailure | null {
  if (f.side !== "buy" || f.kind !== "trade") return null;
  const tradedInLots = isStockCode(f.code) || isFundCode(f.code) || /^1[12]\d{4}$/.test(f.code);
  if (!tradedInLots || isValidBuyQuantity(f.code, f.quantity)) return null;
  const board = boardOf(f.code);
  const rule = board === "star" ? "科创板买入至少 200 股" : board === "bj" ? "北交所买入至少 100 股" : `买入须为 ${minBuyQuantity(f.code)} 的整数倍`;
  return { rule: "lot-size", message: `买入 ${f.quantity} 股：${rule}` };
}

/**
 * Fees no rate of the date can give: 印花税 on a buy after 2008-09-19 or at another rate than the date's (a stock's
 * stated 印花税 only: funds and bonds pay none), a 佣金 above 千分之三 plus the 5-yuan minimum. Only fees the file states.
 */
export function feeFailure(f: AuditedFill): AuditFailure | null {
  if (f.feeBasis !== "file" || f.fees === null || f.market !== "A" || f.amount <= 0) return null;
  const { stampDuty, commission } = f.fees;
  if (stampDuty > 0 && isStockCode(f.code)) {
    const rate = rateOn(STAMP_DUTY_SCHEDULE, f.side, f.date);
    const expected = chargeOn(f.amount, rate);
    if (rate === 0) return { rule: "fee-mismatch", message: `${f.date} 买入不收印花税，文件记印花税 ${yuan(stampDuty)} 元` };
    // per-fill rounding of an order's fills: a few fen, never a rate apart
    if (Math.abs(stampDuty - expected) > 0.1 + expected * 0.01) {
      return { rule: "fee-mismatch", message: `印花税 ${yuan(stampDuty)} 元，按 ${f.date} 的税率（${(rate * 1000).toFixed(2)}‰）成交金额 ${yuan(f.amount)} 元应为 ${yuan(expected)} 元` };
    }
  }
  const cap = chargeOn(f.amount, COMMISSION_CAP_RATE) + COMMISSION_RULE.minimum;
  if (commission > cap + 0.01) return { rule: "fee-mismatch", message: `佣金 ${yuan(commission)} 元，超过成交金额 ${yuan(f.amount)} 元的千分之三加 5 元（${yuan(cap)} 元）` };
  return null;
}

export function volumeFailure(f: AuditedFill, dayQuantity: number, bar: DailyBar): AuditFailure | null {
  if (bar.volume <= 0 || dayQuantity <= bar.volume) return null;
  return { rule: "volume-exceeded", message: `当日累计成交 ${dayQuantity} 股，超过这只股票全天成交量 ${bar.volume} 股` };
}
