import { DemoBook, stockDay, type BookFill, type StockDay } from "@/lib/domain/demo/demo-book";
import { DEMO_STOCKS, DEMO_TODAY, demoCodes, type DemoCap } from "@/lib/domain/demo/demo-market";
import { createStrategy, type DemoStyle, type DipTempo } from "@/lib/domain/demo/demo-styles";
import { mulberry32 } from "@/lib/domain/demo/prng";
import { createCalendar, type TradingCalendar } from "@/lib/domain/market/calendar";
import { exchangeOf } from "@/lib/domain/market/codes";
import type { DailyBar } from "@/lib/domain/market/types";
import type { Fill, StatementEvent } from "@/lib/domain/statements/types";

/**
 * Thirty-two invented demo masters (演示数据; never real people) trading the demo market, sixteen for about 18 months
 * and sixteen who joined later. Each
 * style trades the stocks it fits (STYLE_UNIVERSE): 打板 and 低吸 the small caps, 波段 (趋势) the large caps.
 * Fills carry fees computed with `estimateFees` and `feesEstimated: false`, as a broker file that lists its fees
 * would; `netAmount` and `balance` are consistent with a single opening deposit (and any dividends).
 */
export interface DemoMaster {
  id: string;
  /** the name the site shows (the seed matches the masters table by it) */
  name: string;
  style: DemoStyle;
  /** one line, shown on the master's page */
  intro: string;
  styleTags: string[];
  startCash: number;
  seed: number;
  /** the record's first day when the master joined after DEMO_MASTER_START */
  from?: string;
  /** a 低吸 trader's tempo (demo-styles.ts; default: the patient one) */
  dip?: DipTempo;
}

/** which stocks each style trades (demo-market.ts `cap`) */
export const STYLE_UNIVERSE: Record<DemoStyle, DemoCap> = { 打板: "small", 低吸: "small", 波段: "large" };

const 打板 = (id: string, name: string, intro: string, tags: string[], startCash: number, seed: number, from?: string): DemoMaster => ({
  id, name, style: "打板", intro, styleTags: ["打板", ...tags], startCash, seed, ...(from ? { from } : {}),
});
const 低吸 = (id: string, name: string, intro: string, tags: string[], startCash: number, seed: number): DemoMaster => ({
  id, name, style: "低吸", intro, styleTags: ["低吸", ...tags], startCash, seed,
});
const 趋势 = (id: string, name: string, intro: string, tags: string[], startCash: number, seed: number, from?: string): DemoMaster => ({
  id, name, style: "波段", intro, styleTags: ["趋势", ...tags], startCash, seed, ...(from ? { from } : {}),
});
/** 超短: a 低吸 trader on a quick tempo — smaller falls, smaller profits, a few days at most, five positions */
const 超短 = (id: string, name: string, intro: string, tags: string[], startCash: number, seed: number, from: string, dip: DipTempo): DemoMaster => ({
  id, name, style: "低吸", intro, styleTags: ["低吸", "超短", ...tags], startCash, seed, from, dip,
});
const SHORT: DipTempo = { drop: 0.97, take: 1.018, stop: 0.92, maxDays: 5, maxHeld: 5, chance: 0.8, budget: 0.2 };
const QUICK: DipTempo = { drop: 0.975, take: 1.015, stop: 0.93, maxDays: 4, maxHeld: 5, chance: 0.85, budget: 0.2 };
const STEADY: DipTempo = { drop: 0.97, take: 1.02, stop: 0.92, maxDays: 5, maxHeld: 5, chance: 0.75, budget: 0.2 };

export const DEMO_MASTERS: readonly DemoMaster[] = [
  打板("demo-zhaoyunfei", "青山短线", "专注主板首板与二板接力，严格止损，单票仓位不超过三成。", ["短线", "主板"], 500_000, 101),
  低吸("demo-linjian", "北岸游资", "偏好题材龙头的分歧转一致，低吸为主，持股一到三天。", ["题材", "龙头"], 300_000, 202),
  趋势("demo-laozhou", "徐徐图之", "中线趋势交易，跟随均线系统，回撤控制优先于收益。", ["中线", "均线"], 1_000_000, 303),
  打板("demo-chitu", "赤兔打板", "只打换手板，一字板不追；次日不能封板就在开盘半小时内走。", ["首板", "换手板"], 400_000, 404),
  打板("demo-yiban", "一板一眼", "小市值题材股的首板，排队买入，单票两成仓位，亏损当天认错。", ["首板", "小市值"], 200_000, 505),
  打板("demo-jieli", "接力小马", "盯连板高度，二板三板接力，炸板次日坚决离场。", ["连板", "接力"], 350_000, 606),
  打板("demo-yeyu", "夜雨听风", "尾盘复盘、早盘打板，只做当日最强题材的前排。", ["题材", "前排"], 600_000, 707),
  打板("demo-fengban", "封板观察员", "看封单与炸板回封，宁可错过不追高，仓位三成封顶。", ["封板", "短线"], 250_000, 848),
  低吸("demo-banshan", "半山低吸", "连跌三天、放量止跌才出手，赚 4% 到 5% 就走。", ["超跌", "短线"], 450_000, 909),
  低吸("demo-lengyan", "冷眼看盘", "只在恐慌日低吸题材股，严格止损 6%，不恋战。", ["恐慌", "止损"], 280_000, 1010),
  低吸("demo-xihu", "西湖边的鱼", "分批低吸，持股不超过一周，单票不超过两成半。", ["分批", "题材"], 520_000, 1111),
  低吸("demo-manman", "慢慢来", "只做熟悉的几只小盘股，跌多了买、反弹了卖。", ["小盘", "反弹"], 180_000, 1212),
  趋势("demo-wenjian", "稳健老周", "只做站上 20 日线的蓝筹，突破 10 日线买入，盈利 12% 先减半。", ["蓝筹", "波段"], 1_200_000, 1313),
  趋势("demo-junxian", "均线信徒", "MA10 上穿 MA20 后买入，跌破 10 日线离场，只做大盘股。", ["均线", "大盘股"], 800_000, 1414),
  趋势("demo-laoli", "老李看大盘", "跟着大盘股的趋势走，最多四只，每只四分之一仓位。", ["大盘股", "仓位"], 1_500_000, 1515),
  趋势("demo-jiazhi", "价值趋势派", "在业绩稳定的龙头里找趋势，持有数周，亏 7% 必走。", ["龙头", "中线"], 2_000_000, 1616),
  // Joined later (shorter records, so the seed stays quick); the 超短 ones close trades on most days, so a day's
  // rankings have ten and more rows (ADR 0036).
  超短("demo-suijin", "碎金超短", "隔日超短，回调 3% 出手，赚 2% 就走，最多拿三天。", ["隔日"], 300_000, 1717, "2026-06-01", SHORT),
  超短("demo-qiuyu", "秋雨短炒", "小盘题材的分歧低吸，五只轮动，止损 8% 绝不扛单。", ["轮动", "止损"], 260_000, 1818, "2026-06-15", SHORT),
  超短("demo-dingdang", "叮当快手", "只做盘中急跌的承接，次日冲高就卖，一周复盘一次。", ["急跌", "冲高卖"], 150_000, 1919, "2026-07-06", QUICK),
  超短("demo-muyang", "牧羊人日记", "记录每一笔短线，跌 3% 分批进，赚 2% 就出。", ["分批", "日记"], 420_000, 2020, "2026-05-18", STEADY),
  超短("demo-xiaoqiao", "小桥流水", "仓位分五份，每份两成，当日弱转强的票才低吸。", ["弱转强", "五分仓"], 200_000, 2121, "2026-07-13", SHORT),
  超短("demo-heshang", "河上舟", "题材退潮时不做，情绪修复日低吸前排，三天内了结。", ["情绪", "前排"], 380_000, 2222, "2026-06-22", QUICK),
  超短("demo-tiejun", "铁军短线营", "纪律第一：亏 8% 无条件止损，盈利 2% 落袋。", ["纪律", "止损"], 550_000, 2323, "2026-05-11", SHORT),
  超短("demo-yunduan", "云端漫步", "盯小盘股的超跌反抽，快进快出，不隔周。", ["超跌", "快进快出"], 330_000, 2424, "2026-06-29", STEADY),
  超短("demo-shuangjiang", "霜降听涛", "每天只看二十只小盘股，跌透了买，弹起来就卖。", ["小盘", "反抽"], 240_000, 2525, "2026-07-20", QUICK),
  超短("demo-kuaidao", "快刀老陈", "十几年短线老兵，低吸不追高，单票不超过两成。", ["老兵", "低吸"], 680_000, 2626, "2026-05-06", SHORT),
  超短("demo-zhuzi", "竹子短线", "只做换手充分的小盘股，跌 3% 进，赚 2% 走。", ["换手", "小盘"], 230_000, 3131, "2026-06-08", SHORT),
  超短("demo-xingye", "星夜复盘", "每晚复盘选五只，次日低吸，几天不涨就换。", ["复盘", "轮动"], 360_000, 3232, "2026-07-01", STEADY),
  打板("demo-shouban", "首板猎人", "只打题材首板，次日集合竞价不及预期就走。", ["首板", "竞价"], 320_000, 2727, "2026-06-10"),
  超短("demo-changpao", "短跑者", "小盘股恐慌杀跌时低吸，冲高 2% 就走，不隔周。", ["恐慌", "冲高卖"], 290_000, 2929, "2026-05-25", QUICK),
  趋势("demo-guanhai", "观海听潮", "大盘蓝筹的右侧交易，四只分仓，不抄底。", ["右侧", "蓝筹"], 1_100_000, 3030, "2026-01-26"),
  超短("demo-wanfeng", "晚风收盘", "尾盘低吸、次日冲高卖，五只分仓，亏 8% 认错。", ["尾盘", "分仓"], 210_000, 3333, "2026-06-17", SHORT),
];

export const DEMO_MASTER_START = "2025-05-20";
export const DEMO_MASTER_END = DEMO_TODAY;
/**
 * trading days at the end of a 趋势 record without sells, so a few positions stay open; the short-term styles keep
 * trading to the last day (their last buys stay open by T+1), so the last demo day has closed trades to rank
 */
const HOLD_ONLY_DAYS: Record<DemoStyle, number> = { 打板: 0, 低吸: 0, 波段: 3 };

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

interface PreparedMarket {
  byCode: Map<string, DailyBar[]>;
  positionOf: Map<string, Map<string, number>>;
  calendar: TradingCalendar;
  days: string[];
}

/** the bars grouped once per bars array, so sixteen masters over the same market do not regroup it sixteen times */
const prepared = new WeakMap<readonly DailyBar[], PreparedMarket>();

function prepare(bars: readonly DailyBar[]): PreparedMarket {
  const hit = prepared.get(bars);
  if (hit) return hit;
  const byCode = new Map<string, DailyBar[]>();
  for (const bar of bars) {
    if (bar.date > DEMO_MASTER_END) continue;
    const list = byCode.get(bar.code) ?? [];
    list.push(bar);
    byCode.set(bar.code, list);
  }
  for (const list of byCode.values()) list.sort((a, b) => (a.date < b.date ? -1 : 1));
  const positionOf = new Map<string, Map<string, number>>();
  for (const [code, list] of byCode) positionOf.set(code, new Map(list.map((bar, i) => [bar.date, i])));
  const calendar = createCalendar(bars.map((b) => b.date));
  const market = { byCode, positionOf, calendar, days: calendar.tradingDays(DEMO_MASTER_START, DEMO_MASTER_END) };
  prepared.set(bars, market);
  return market;
}

/** Runs the master's style over the bars (every code, any order) and returns the statement it would produce. */
export function simulateDemoMaster(master: DemoMaster, bars: readonly DailyBar[]): DemoMasterRecord {
  const { byCode, positionOf, calendar, days: marketDays } = prepare(bars);
  const days = master.from ? marketDays.filter((d) => d >= (master.from as string)) : marketDays;
  const universe = demoCodes(STYLE_UNIVERSE[master.style]);
  const codes = [...byCode.keys()].filter((code) => universe.has(code)).sort();
  const holdOnly = HOLD_ONLY_DAYS[master.style];
  const holdOnlyFrom = holdOnly > 0 ? (days[Math.max(0, days.length - holdOnly)] ?? DEMO_MASTER_END) : "9999-12-31";
  const random = mulberry32(master.seed);
  const strategy = createStrategy(master.style, master.dip);
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
