import { priceInRange, type DemoBook, type StockDay } from "@/lib/domain/demo/demo-book";
import { tradingTime } from "@/lib/domain/demo/trading-time";

/**
 * The three demo trading styles. Each sees one trading day at a time: today's bars (it trades inside their range)
 * and the closes before today.
 */
export type DemoStyle = "打板" | "低吸" | "波段";

export interface TradingDayContext {
  date: string;
  /** codes with a bar today, in a fixed order */
  today: ReadonlyMap<string, StockDay>;
  /** the last `count` closes before today, oldest first */
  closesBefore(code: string, count: number): number[];
  /** trading days from the position's first buy to today */
  daysHeld(code: string): number;
  book: DemoBook;
  random: () => number;
  /** cash plus holdings at yesterday's close */
  equity: number;
  /** the last days of the record: no sells, so a few positions stay open */
  holdOnly: boolean;
}

export type DemoStrategy = (context: TradingDayContext) => void;

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function sellAll(ctx: TradingDayContext, day: StockDay, price: number, time: string): void {
  ctx.book.sell(day, priceInRange(day.bar, price), ctx.book.sellable(day.bar.code), time);
}

function buyWithBudget(ctx: TradingDayContext, day: StockDay, price: number, budget: number, time: string): void {
  const quantity = ctx.book.quantityFor(day.bar.code, budget, price);
  if (quantity > 0) ctx.book.buy(day, price, quantity, time);
}

function heldDays(ctx: TradingDayContext): [StockDay, number][] {
  const result: [StockDay, number][] = [];
  for (const code of ctx.book.codesHeld()) {
    const day = ctx.today.get(code);
    if (day && !day.yiziDown && ctx.book.sellable(code) > 0) result.push([day, ctx.daysHeld(code)]);
  }
  return result;
}

/** 打板: buy at the limit-up price when a stock touches it (never into a 一字), sell on the next days' open. */
function limitUpChaser(ctx: TradingDayContext): void {
  if (!ctx.holdOnly) {
    for (const [day, held] of heldDays(ctx)) {
      if (day.closedUp && held < 4) continue; // riding a 连板
      const { open, high, low } = day.bar;
      sellAll(ctx, day, open + (ctx.random() - 0.35) * (high - low) * 0.5, tradingTime("open", ctx.random()));
    }
  }
  const candidates = [...ctx.today.values()].filter(
    (d) => d.touchedUp && !d.yiziUp && d.limitUp !== null && ctx.book.held(d.bar.code) === 0,
  );
  for (const day of shuffled(candidates, ctx.random).slice(0, 2)) {
    if (ctx.book.codesHeld().length >= 3 || ctx.random() > 0.75) continue;
    buyWithBudget(ctx, day, day.limitUp ?? day.bar.high, ctx.equity * 0.3, tradingTime("session", ctx.random()));
  }
}

/** How a 低吸 trader buys and leaves (the defaults: the patient dip buyer; a 超短 one takes less, sooner, more often). */
export interface DipTempo {
  /** buy when today's low is this far under the close three days ago (0.95: a 5% fall) */
  drop: number;
  /** take profit at this multiple of cost */
  take: number;
  /** cut at this multiple of cost */
  stop: number;
  /** leave at the close after this many days held */
  maxDays: number;
  /** positions held at most */
  maxHeld: number;
  /** chance of acting on a candidate */
  chance: number;
  /** share of equity per buy */
  budget: number;
}

export const PATIENT_DIP: DipTempo = { drop: 0.95, take: 1.045, stop: 0.94, maxDays: 6, maxHeld: 4, chance: 0.55, budget: 0.25 };

/** 低吸: buy near the low after a fall over three days; take a small profit, cut the loss, or leave after a few days. */
function createDipBuyer(tempo: DipTempo): DemoStrategy {
  return (ctx) => {
    if (!ctx.holdOnly) {
      for (const [day, held] of heldDays(ctx)) {
        const cost = ctx.book.averageCost(day.bar.code);
        const { open, high, low, close } = day.bar;
        const target = cost * tempo.take;
        const stop = cost * tempo.stop;
        const time = tradingTime("session", ctx.random());
        if (high >= target) sellAll(ctx, day, Math.max(open, target), time);
        else if (low <= stop) sellAll(ctx, day, Math.min(open, stop), time);
        else if (held >= tempo.maxDays) sellAll(ctx, day, close, tradingTime("close", ctx.random()));
      }
    }
    const candidates = [...ctx.today.values()].filter((d) => {
      const [threeDaysAgo] = ctx.closesBefore(d.bar.code, 3);
      return (
        threeDaysAgo !== undefined && d.bar.low <= threeDaysAgo * tempo.drop && !d.yiziDown && !d.yiziUp &&
        ctx.book.held(d.bar.code) === 0
      );
    });
    for (const day of shuffled(candidates, ctx.random)) {
      if (ctx.book.codesHeld().length >= tempo.maxHeld || ctx.random() > tempo.chance) continue;
      const { low, high } = day.bar;
      const price = priceInRange(day.bar, low + ctx.random() * 0.25 * (high - low));
      buyWithBudget(ctx, day, price, ctx.equity * tempo.budget, tradingTime("session", ctx.random()));
    }
  };
}

/** 波段: buy the open after a close crosses above MA10 in an uptrend (above MA20); trim half at +12%, exit below MA10. */
function createSwingStrategy(): DemoStrategy {
  const trimmed = new Set<string>();
  return (ctx) => {
    for (const code of trimmed) if (ctx.book.held(code) === 0) trimmed.delete(code);
    if (!ctx.holdOnly) {
      for (const [day, held] of heldDays(ctx)) {
        const code = day.bar.code;
        const closes = ctx.closesBefore(code, 10);
        const cost = ctx.book.averageCost(code);
        const { open, high, low, close } = day.bar;
        const yesterday = closes.at(-1) ?? close;
        const openTime = tradingTime("open", ctx.random());
        if (!trimmed.has(code) && high >= cost * 1.12) {
          const half = Math.floor(ctx.book.sellable(code) / 200) * 100;
          if (half > 0 && ctx.book.sell(day, priceInRange(day.bar, Math.max(open, cost * 1.12)), half, openTime)) {
            trimmed.add(code);
          }
        } else if (closes.length === 10 && yesterday < mean(closes) * 0.98) {
          sellAll(ctx, day, open, openTime);
        } else if (low <= cost * 0.93) {
          sellAll(ctx, day, Math.min(open, cost * 0.93), tradingTime("session", ctx.random()));
        } else if (held >= 30) {
          sellAll(ctx, day, close, tradingTime("close", ctx.random()));
        }
      }
    }
    const candidates = [...ctx.today.values()].filter((d) => {
      if (d.yiziUp || ctx.book.held(d.bar.code) > 0) return false;
      const closes = ctx.closesBefore(d.bar.code, 21);
      if (closes.length < 21) return false;
      const y1 = closes[20] as number;
      const y2 = closes[19] as number;
      const ma10 = mean(closes.slice(11, 21));
      const ma10Before = mean(closes.slice(10, 20));
      const ma20 = mean(closes.slice(1, 21));
      return y2 <= ma10Before && y1 > ma10 && y1 > ma20;
    });
    for (const day of shuffled(candidates, ctx.random)) {
      if (ctx.book.codesHeld().length >= 4 || ctx.random() > 0.7) continue;
      const { open, high, low } = day.bar;
      const price = priceInRange(day.bar, open + ctx.random() * 0.2 * (high - low));
      if (price >= low) buyWithBudget(ctx, day, price, ctx.equity * 0.25, tradingTime("open", ctx.random()));
    }
  };
}

export function createStrategy(style: DemoStyle, dipTempo: DipTempo = PATIENT_DIP): DemoStrategy {
  switch (style) {
    case "打板":
      return limitUpChaser;
    case "低吸":
      return createDipBuyer(dipTempo);
    case "波段":
      return createSwingStrategy();
  }
}
