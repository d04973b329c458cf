import { DemoBook, stockDay, type BookFill, type StockDay } from "@/lib/domain/demo/demo-book";
import { DEMO_STOCKS } from "@/lib/domain/demo/demo-market";
import { createStrategy, type DemoStyle } from "@/lib/domain/demo/demo-styles";
import { mulberry32 } from "@/lib/domain/demo/prng";
import { createCalendar } from "@/lib/domain/market/calendar";
import { exchangeOf } from "@/lib/domain/market/codes";
import type { DailyBar } from "@/lib/domain/market/types";
import type { Fill, StatementEvent } from "@/lib/domain/statements/types";

/**
 * Three invented demo masters (演示数据; never real people) trading the demo market for about 18 months.
 * Fills carry fees computed with `estimateFees` and `feesEstimated: false`, as a broker file that lists its fees
 * would; `netAmount` and `balance` are consistent with a single opening deposit (and any dividends).
 */
export interface DemoMaster {
  id: string;
  name: string;
  style: DemoStyle;
  /** one line, shown on the master's page */
  intro: string;
  startCash: number;
  seed: number;
}

export const DEMO_MASTERS: readonly DemoMaster[] = [
  {
    id: "demo-zhaoyunfei",
    name: "赵云飞（演示）",
    style: "打板",
    intro: "只做涨停板：盘中触及涨停价排队买入，次日开盘后择机卖出，连板则继续持有。",
    startCash: 500_000,
    seed: 101,
  },
  {
    id: "demo-linjian",
    name: "林间短线（演示）",
    style: "低吸",
    intro: "三天跌够 5% 才出手，在日内低位分批低吸，赚 4.5% 就走，亏 6% 必砍。",
    startCash: 300_000,
    seed: 202,
  },
  {
    id: "demo-laozhou",
    name: "稳健老周（演示）",
    style: "波段",
    intro: "只做站上 20 日线的趋势股，突破 10 日线买入，盈利 12% 先减半，跌破 10 日线离场。",
    startCash: 1_000_000,
    seed: 303,
  },
];

export const DEMO_MASTER_START = "2025-05-20";
export const DEMO_MASTER_END = "2026-11-20";
/** trading days at the end of the record without sells, so a few positions stay open */
const HOLD_ONLY_DAYS = 3;

/** cash dividends per share on ex-dates inside the record (made-up amounts on the demo stocks) */
export const DEMO_DIVIDENDS: readonly { code: string; date: string; perShare: number }[] = [
  { code: "600519", date: "2025-06-26", perShare: 27.67 },
  { code: "600036", date: "2025-07-10", perShare: 2.0 },
  { code: "000858", date: "2025-07-17", perShare: 3.2 },
  { code: "601318", date: "2025-07-24", perShare: 1.42 },
  { code: "002594", date: "2025-07-28", perShare: 1.2 },
  { code: "600519", date: "2025-12-19", perShare: 23.96 },
  { code: "601318", date: "2025-10-16", perShare: 0.95 },
  { code: "600036", date: "2026-07-09", perShare: 2.0 },
  { code: "000858", date: "2026-07-16", perShare: 3.3 },
  { code: "601318", date: "2026-07-23", perShare: 1.5 },
];

export interface DemoMasterRecord {
  fills: Fill[];
  events: StatementEvent[];
}

function nameOf(code: string): string {
  return DEMO_STOCKS.find((s) => s.code === code)?.name ?? code;
}

type Entry = { sortTime: string; fill: BookFill } | { sortTime: string; event: Omit<StatementEvent, "line"> };

/** Runs the master's style over the bars (every code, any order) and returns the statement it would produce. */
export function simulateDemoMaster(master: DemoMaster, bars: readonly DailyBar[]): DemoMasterRecord {
  const byCode = new Map<string, DailyBar[]>();
  for (const bar of bars) {
    if (bar.date > DEMO_MASTER_END) continue;
    const list = byCode.get(bar.code) ?? [];
    list.push(bar);
    byCode.set(bar.code, list);
  }
  for (const list of byCode.values()) list.sort((a, b) => (a.date < b.date ? -1 : 1));
  const codes = [...byCode.keys()].sort();
  const positionOf = new Map<string, Map<string, number>>();
  for (const [code, list] of byCode) positionOf.set(code, new Map(list.map((bar, i) => [bar.date, i])));

  const calendar = createCalendar(bars.map((b) => b.date));
  const days = calendar.tradingDays(DEMO_MASTER_START, DEMO_MASTER_END);
  const holdOnlyFrom = days[Math.max(0, days.length - HOLD_ONLY_DAYS)] ?? DEMO_MASTER_END;
  const random = mulberry32(master.seed);
  const strategy = createStrategy(master.style);
  const book = new DemoBook(master.startCash, nameOf);
  const entries: Entry[] = [];
  const firstDay = days[0] ?? DEMO_MASTER_START;
  entries.push({
    sortTime: `${firstDay} 09:00:00`,
    event: { date: firstDay, time: "09:00:00", kind: "cash_in", code: null, exchange: null, market: null, name: "", quantity: 0, shareBalance: null, amount: master.startCash, raw: "银行转证券" },
  });

  const lastClose = new Map<string, number>();
  for (const date of days) {
    book.startDay(date);
    const today = new Map<string, StockDay>();
    for (const code of codes) {
      const index = positionOf.get(code)?.get(date);
      const list = byCode.get(code) ?? [];
      if (index === undefined) continue;
      today.set(code, stockDay(list[index] as DailyBar, list[index - 1] ?? null, nameOf(code)));
    }
    const equity =
      book.cashBalance + book.codesHeld().reduce((sum, code) => sum + book.held(code) * (lastClose.get(code) ?? 0), 0);
    // entitled: shares held at the close before the ex-date; paid after today's trades
    const dividends = DEMO_DIVIDENDS.filter((d) => d.date === date && book.held(d.code) > 0).map((d) => ({
      code: d.code,
      shares: book.held(d.code),
      amount: Math.round(book.held(d.code) * d.perShare * 100) / 100,
    }));
    const fillsBefore = book.fills.length;
    strategy({
      date,
      today,
      closesBefore(code, count) {
        const index = positionOf.get(code)?.get(date);
        const list = byCode.get(code) ?? [];
        if (index === undefined) return [];
        return list.slice(Math.max(0, index - count), index).map((b) => b.close);
      },
      daysHeld(code) {
        const opened = book.openedDate(code);
        return opened ? calendar.daysBetween(opened, date) : 0;
      },
      book,
      random,
      equity,
      holdOnly: date >= holdOnlyFrom,
    });
    for (const fill of book.fills.slice(fillsBefore)) entries.push({ sortTime: `${fill.date} ${fill.time}`, fill });

    for (const { code, shares, amount } of dividends) {
      book.addCash(amount);
      entries.push({
        sortTime: `${date} 15:30:00`,
        event: {
          date, time: null, kind: "dividend", code, exchange: exchangeOf(code), market: "A", name: nameOf(code), quantity: shares,
          shareBalance: null, amount, raw: "红利入账",
        },
      });
    }
    for (const [code, day] of today) lastClose.set(code, day.bar.close);
  }

  entries.sort((a, b) => (a.sortTime < b.sortTime ? -1 : a.sortTime > b.sortTime ? 1 : 0));
  const fills: Fill[] = [];
  const events: StatementEvent[] = [];
  let balance = 0;
  entries.forEach((entry, index) => {
    const line = index + 1;
    if ("fill" in entry) {
      balance = Math.round((balance + (entry.fill.netAmount ?? 0)) * 100) / 100;
      fills.push({ ...entry.fill, line, balance });
    } else {
      balance = Math.round((balance + entry.event.amount) * 100) / 100;
      events.push({ ...entry.event, line });
    }
  });
  return { fills, events };
}

/** The master's fills over the demo market (about 18 months ending DEMO_MASTER_END), in time order. */
export function demoMasterFills(master: DemoMaster, bars: readonly DailyBar[]): Fill[] {
  return simulateDemoMaster(master, bars).fills;
}

/** The opening deposit and any dividends received. */
export function demoMasterEvents(master: DemoMaster, bars: readonly DailyBar[]): StatementEvent[] {
  return simulateDemoMaster(master, bars).events;
}
