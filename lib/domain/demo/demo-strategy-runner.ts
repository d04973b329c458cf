import { DemoBook, stockDay, type StockDay } from "@/lib/domain/demo/demo-book";
import { DEMO_MARKET_START, DEMO_STOCKS, demoBars, type DemoCap } from "@/lib/domain/demo/demo-market";
import { mulberry32 } from "@/lib/domain/demo/prng";
import { secondsOfDay, timeOfDay } from "@/lib/domain/demo/trading-time";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { DailyBar } from "@/lib/domain/market/types";
import type { StrategyFill, StrategyPosition, StrategySignal } from "@/lib/domain/quant/types";

/**
 * Runs a demo strategy's rule over the demo market one trading day at a time, through a DemoBook (which refuses
 * prices outside the day's range, odd lots, T+1 violations and buying into a 一字涨停), and records its fills, the
 * signal behind each fill, the daily position snapshots and the daily equity.
 */

/**
 * When the signal behind an order was emitted: "eve" after the previous trading day's close (15:30–15:59),
 * "morning" before today's continuous trading (09:15–09:29, 集合竞价).
 */
export type SignalTiming = "eve" | "morning";

export interface OrderRequest {
  day: StockDay;
  side: "buy" | "sell";
  price: number;
  quantity: number;
  /** `HH:mm:ss` inside continuous trading */
  time: string;
  signal: { timing: SignalTiming; price: number | null; weight: number | null; note: string };
}

export interface RuleDay {
  date: string;
  /** the trading day before `date` */
  previousDate: string;
  /** 0 on the first day of the run */
  index: number;
  /** the demo stocks of the run's universe with a bar today, in DEMO_STOCKS order */
  today: ReadonlyMap<string, StockDay>;
  /** the same for the previous trading day (empty when there is none) */
  yesterday: ReadonlyMap<string, StockDay>;
  /** the last `count` closes before today, oldest first */
  closesBefore(code: string, count: number): number[];
  /** read it for holdings and sizes; trade through `order` */
  book: DemoBook;
  random: () => number;
  /** cash plus holdings at the previous close */
  equity: number;
  /** true when the book filled the order */
  order(request: OrderRequest): boolean;
  /** 卖出资金当日可用: lets the buys that follow spend what today's sells brought in */
  releaseSaleProceeds(): void;
}

export type DemoRule = (day: RuleDay) => void;

export interface RunOptions {
  /** used in each signal's externalId: `demo-<key>-<n>` */
  key: string;
  from: string;
  to: string;
  startCash: number;
  seed: number;
  rule: DemoRule;
  /** the stocks the rule may see and trade (default: every demo stock) */
  universe?: DemoCap;
}

export interface RunResult {
  fills: StrategyFill[];
  /** signals[i] is the signal behind fills[i] */
  signals: StrategySignal[];
  positions: StrategyPosition[];
  /** cash plus holdings at each day's close, yuan (to the fen) */
  equity: { date: string; value: number }[];
}

interface MarketIndex {
  byCode: Map<string, DailyBar[]>;
  position: Map<string, Map<string, number>>;
}

const markets = new Map<string, MarketIndex>();

function marketUpTo(to: string): MarketIndex {
  const cached = markets.get(to);
  if (cached) return cached;
  const byCode = new Map<string, DailyBar[]>();
  for (const bar of demoBars(DEMO_MARKET_START, to)) {
    const list = byCode.get(bar.code) ?? [];
    list.push(bar);
    byCode.set(bar.code, list);
  }
  const position = new Map<string, Map<string, number>>();
  for (const [code, list] of byCode) position.set(code, new Map(list.map((bar, i) => [bar.date, i])));
  const market = { byCode, position };
  markets.set(to, market);
  return market;
}

const nameOf = (code: string): string => DEMO_STOCKS.find((s) => s.code === code)?.name ?? code;

const EVE_FROM = secondsOfDay("15:30:00");
const MORNING_FROM = secondsOfDay("09:15:00");
/** both windows are 15:30:00–15:59:59 and 09:15:00–09:29:59 */
const EVE_WINDOW = 30 * 60;
const MORNING_WINDOW = 15 * 60;

function roundCost(value: number): number {
  return Math.round(value * 1000) / 1000;
}

interface Entry {
  fill: StrategyFill;
  signal: Omit<StrategySignal, "externalId">;
}

export function runDemoPortfolio(options: RunOptions): RunResult {
  const { byCode, position } = marketUpTo(options.to);
  const days = defaultCalendar.tradingDays(options.from, options.to);
  const random = mulberry32(options.seed);
  const book = new DemoBook(options.startCash, nameOf);
  const entries: Entry[] = [];
  const positions: StrategyPosition[] = [];
  const equity: { date: string; value: number }[] = [];
  const lastClose = new Map<string, number>();
  let yesterday = new Map<string, StockDay>();

  days.forEach((date, index) => {
    const previousDate = defaultCalendar.previous(date);
    const today = new Map<string, StockDay>();
    for (const stock of DEMO_STOCKS) {
      if (options.universe && stock.cap !== options.universe) continue;
      const at = position.get(stock.code)?.get(date);
      const list = byCode.get(stock.code) ?? [];
      if (at === undefined) continue;
      today.set(stock.code, stockDay(list[at] as DailyBar, list[at - 1] ?? null, stock.name));
    }
    const equityBefore = book.cashBalance + book.codesHeld().reduce((sum, code) => sum + book.held(code) * (lastClose.get(code) ?? 0), 0);
    book.startDay(date);
    options.rule({
      date,
      previousDate,
      index,
      today,
      yesterday,
      closesBefore(code, count) {
        const at = position.get(code)?.get(date);
        if (at === undefined) return [];
        return (byCode.get(code) ?? []).slice(Math.max(0, at - count), at).map((b) => b.close);
      },
      book,
      random,
      equity: equityBefore,
      order(request) {
        const { day, side, price, quantity, time, signal } = request;
        const filled = side === "buy" ? book.buy(day, price, quantity, time) : book.sell(day, price, quantity, time);
        if (!filled) return false;
        const fill = book.fills.at(-1);
        if (!fill) return false;
        const signalTime =
          signal.timing === "eve"
            ? timeOfDay(EVE_FROM + Math.floor(random() * EVE_WINDOW))
            : timeOfDay(MORNING_FROM + Math.floor(random() * MORNING_WINDOW));
        entries.push({
          fill: { date, time, code: fill.code, name: fill.name, side, quantity, price: fill.price, amount: fill.amount },
          signal: {
            date: signal.timing === "eve" ? previousDate : date,
            time: signalTime,
            code: fill.code,
            name: fill.name,
            side,
            price: signal.price,
            weight: signal.weight,
            note: signal.note,
          },
        });
        return true;
      },
      releaseSaleProceeds() {
        book.startDay(date);
      },
    });

    for (const [code, day] of today) lastClose.set(code, day.bar.close);
    let equityFen = Math.round(book.cashBalance * 100);
    for (const stock of DEMO_STOCKS) {
      const quantity = book.held(stock.code);
      if (quantity === 0) continue;
      const close = lastClose.get(stock.code) ?? null;
      equityFen += Math.round(quantity * (close ?? 0) * 100);
      positions.push({ date, code: stock.code, name: stock.name, quantity, cost: roundCost(book.averageCost(stock.code)), price: close });
    }
    equity.push({ date, value: equityFen / 100 });
    yesterday = today;
  });

  // time order within each day (a rule may place a later order first); the signal stays with its fill
  const sorted = entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => {
      const ka = `${a.entry.fill.date} ${a.entry.fill.time}`;
      const kb = `${b.entry.fill.date} ${b.entry.fill.time}`;
      return ka < kb ? -1 : ka > kb ? 1 : a.order - b.order;
    })
    .map(({ entry }) => entry);
  return {
    fills: sorted.map((e) => e.fill),
    signals: sorted.map((e, i) => ({ externalId: `demo-${options.key}-${i + 1}`, ...e.signal })),
    positions,
    equity,
  };
}
