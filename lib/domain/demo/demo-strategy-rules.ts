import { priceInRange, type StockDay } from "@/lib/domain/demo/demo-book";
import type { DemoRule, RuleDay } from "@/lib/domain/demo/demo-strategy-runner";
import { secondsOfDay, timeOfDay, tradingTime } from "@/lib/domain/demo/trading-time";

/** The rules of the three demo strategies, run by runDemoPortfolio on the demo market. */

const BOARD_NAMES = ["首", "二", "三", "四", "五", "六", "七", "八", "九"];

function boardName(board: number): string {
  return `${BOARD_NAMES[board - 1] ?? String(board)}板`;
}

function percent(value: number, digits = 1): string {
  return `${value >= 0 ? "+" : ""}${(value * 100).toFixed(digits)}%`;
}

/** a time in the opening window, at least a minute after `earliest` (the last sell whose cash a buy spends) */
function openTimeAfter(earliest: string | null, u: number): string {
  const time = tradingTime("open", u);
  if (earliest === null || time > earliest) return time;
  return timeOfDay(Math.min(secondsOfDay("11:29:59"), secondsOfDay(earliest) + 60 + Math.floor(u * 600)));
}

/** a price near the open, inside the day's range */
function nearOpen(ctx: RuleDay, day: StockDay, spread: number): number {
  const { open, high, low } = day.bar;
  return priceInRange(day.bar, open + (ctx.random() - 0.5) * (high - low) * spread);
}

export interface LeaderRuleOptions {
  /** most stocks held at once */
  maxHoldings: number;
  /** share of equity per new position */
  positionWeight: number;
  /** chance an order queued at the limit-up price is reached on a day that stays sealed (a 炸板 always fills it) */
  sealedFillChance: number;
  /** share of equity for a 首板 (first limit-up) buy; 0 buys only 连板 */
  firstBoardWeight: number;
  /** chance of taking a 首板 at all */
  firstBoardChance: number;
}

/**
 * 龙头打板: a stock that touches limit-up (not a 一字) is bought at the limit-up price — a 连板 (it closed at
 * limit-up yesterday) with `positionWeight`, a 首板 now and then with `firstBoardWeight`. The signal is the morning
 * watch-list order (a conditional buy at the limit-up price, known from yesterday's close). A holding that seals
 * again is kept; one that fails is sold near the open, or after the break on a 炸板 day. No trades on the first day
 * (the account is funded).
 */
export function createLeaderRule(options: LeaderRuleOptions): DemoRule {
  /** consecutive limit-up closes up to yesterday */
  const streak = new Map<string, number>();
  return (ctx) => {
    if (ctx.index > 0) {
      const soldToday = new Set<string>();
      for (const code of ctx.book.codesHeld()) {
        const day = ctx.today.get(code);
        const quantity = ctx.book.sellable(code);
        if (!day || quantity === 0 || day.yiziDown || day.closedUp) continue;
        const { high, close } = day.bar;
        const broken = day.touchedUp;
        soldToday.add(code);
        ctx.order({
          day,
          side: "sell",
          price: broken ? priceInRange(day.bar, close + ctx.random() * (high - close) * 0.5) : nearOpen(ctx, day, 0.3),
          quantity,
          time: tradingTime(broken ? "session" : "open", ctx.random()),
          signal: {
            timing: "morning",
            price: null,
            weight: 0,
            note: broken ? "若开板回落则卖出（炸板离场）" : "竞价未见强势，开盘后卖出",
          },
        });
      }
      for (const day of ctx.today.values()) {
        const code = day.bar.code;
        const board = (streak.get(code) ?? 0) + 1;
        if (!day.touchedUp || day.yiziUp || day.limitUp === null || ctx.book.held(code) > 0 || soldToday.has(code)) continue;
        if (ctx.book.codesHeld().length >= options.maxHoldings) break;
        const weight = board >= 2 ? options.positionWeight : options.firstBoardWeight;
        if (board < 2 && (weight === 0 || ctx.random() >= options.firstBoardChance)) continue;
        // the queue at the limit price is often not reached when the board holds; when it breaks, every order fills
        if (ctx.random() >= (day.closedUp ? options.sealedFillChance : 1)) continue;
        const quantity = ctx.book.quantityFor(code, ctx.equity * weight, day.limitUp);
        if (quantity === 0) continue;
        ctx.order({
          day,
          side: "buy",
          price: day.limitUp,
          quantity,
          time: tradingTime("session", ctx.random()),
          signal: {
            timing: "morning",
            price: day.limitUp,
            weight,
            note: `${board >= 2 ? `${boardName(board)}接力` : "首板试错"}：若冲击涨停，以涨停价 ${day.limitUp.toFixed(2)} 排队买入`,
          },
        });
      }
    }
    for (const day of ctx.today.values()) {
      streak.set(day.bar.code, day.closedUp ? (streak.get(day.bar.code) ?? 0) + 1 : 0);
    }
  };
}

export interface RebalanceRuleOptions {
  /** true on the days the portfolio is rebalanced (index 0 always is) */
  isRebalanceDay(ctx: RuleDay): boolean;
  /** the score of a stock from the closes before today (null: not enough history); lower ranks first */
  score(closes: readonly number[]): number | null;
  /** closes the score needs */
  lookback: number;
  holdings: number;
  /** target weight of each holding */
  weight: number;
  /** why a stock is in, from its score and rank */
  reasonIn(score: number, rank: number): string;
  reasonOut(score: number, rank: number): string;
}

/**
 * Rebalancing at the open on signals from the previous close: sells what fell out of the ranking, then buys what
 * came in (after the sells, with their cash: 卖出资金当日可用), at equal target weights. Holdings that stay are not
 * resized.
 */
export function createRebalanceRule(options: RebalanceRuleOptions): DemoRule {
  return (ctx) => {
    if (ctx.index > 0 && !options.isRebalanceDay(ctx)) return;
    const scored = [...ctx.today.keys()]
      .map((code) => ({ code, score: options.score(ctx.closesBefore(code, options.lookback)) }))
      .filter((s): s is { code: string; score: number } => s.score !== null)
      .sort((a, b) => a.score - b.score);
    if (scored.length < options.holdings) return;
    const rankOf = new Map(scored.map((s, i) => [s.code, i + 1]));
    const chosen = new Set(scored.slice(0, options.holdings).map((s) => s.code));

    let lastSell: string | null = null;
    for (const code of ctx.book.codesHeld()) {
      const day = ctx.today.get(code);
      const quantity = ctx.book.sellable(code);
      if (chosen.has(code) || !day || quantity === 0 || day.yiziDown) continue;
      const rank = rankOf.get(code) ?? scored.length;
      const time = tradingTime("open", ctx.random());
      const sold = ctx.order({
        day,
        side: "sell",
        price: nearOpen(ctx, day, 0.2),
        quantity,
        time,
        signal: { timing: "eve", price: null, weight: 0, note: options.reasonOut(scored[rank - 1]?.score ?? NaN, rank) },
      });
      if (sold && (lastSell === null || time > lastSell)) lastSell = time;
    }
    ctx.releaseSaleProceeds();

    for (const { code, score } of scored.slice(0, options.holdings)) {
      const day = ctx.today.get(code);
      if (!day || day.yiziUp || ctx.book.held(code) > 0) continue;
      const { open, high, low } = day.bar;
      const price = priceInRange(day.bar, open + ctx.random() * 0.2 * (high - low));
      const quantity = ctx.book.quantityFor(code, ctx.equity * options.weight, price);
      if (quantity === 0) continue;
      const rank = rankOf.get(code) ?? 0;
      ctx.order({
        day,
        side: "buy",
        price,
        quantity,
        time: openTimeAfter(lastSell, ctx.random()),
        signal: { timing: "eve", price: day.prevClose, weight: options.weight, note: options.reasonIn(score, rank) },
      });
    }
  };
}

/** 动量轮动: on the first trading day of each month, the strongest `holdings` by return over `days` closes. */
export function createMomentumRule(holdings: number, days: number): DemoRule {
  return createRebalanceRule({
    isRebalanceDay: (ctx) => ctx.date.slice(0, 7) !== ctx.previousDate.slice(0, 7),
    lookback: days + 1,
    score: (closes) => {
      const first = closes[0];
      const last = closes.at(-1);
      return closes.length === days + 1 && first !== undefined && last !== undefined ? -(last / first - 1) : null;
    },
    holdings,
    weight: Math.floor(95 / holdings) / 100,
    reasonIn: (score, rank) => `月末选股：过去 ${days} 个交易日涨幅 ${percent(-score)}，排名第 ${rank}，次月初开盘等权调入`,
    reasonOut: (score, rank) => `月末选股：过去 ${days} 个交易日涨幅 ${percent(-score)}，排名第 ${rank}，跌出前 ${holdings}，开盘调出`,
  });
}

/** annualised volatility of daily log returns */
function annualVolatility(closes: readonly number[]): number {
  const returns = closes.slice(1).map((close, i) => Math.log(close / (closes[i] as number)));
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * 243);
}

/** 低波动: every `every` trading days, the `holdings` stocks with the lowest volatility over `days` returns. */
export function createLowVolatilityRule(holdings: number, days: number, every: number): DemoRule {
  return createRebalanceRule({
    isRebalanceDay: (ctx) => ctx.index % every === 0,
    lookback: days + 1,
    score: (closes) => (closes.length === days + 1 ? annualVolatility(closes) : null),
    holdings,
    weight: Math.floor(95 / holdings) / 100,
    reasonIn: (score, rank) => `双周调仓：${days} 日年化波动率 ${(score * 100).toFixed(1)}%，由低到高排名第 ${rank}，调入`,
    reasonOut: (score, rank) => `双周调仓：${days} 日年化波动率 ${(score * 100).toFixed(1)}%，排名第 ${rank}，调出`,
  });
}
