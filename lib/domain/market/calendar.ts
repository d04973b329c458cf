/**
 * SSE/SZSE trading calendar: weekdays minus the published exchange closures, or — within the span of the days a caller
 * knows to be open (the provider's calendar, lib/server/market/calendar.ts) — exactly those days.
 *
 * Holidays are the weekday closures from the exchanges' annual 休市安排 notices (which follow the State Council
 * holiday schedule but never trade on weekend make-up working days). Written from the published schedules; the
 * yearly trading-day totals are checked in calendar.test.ts against the published counts.
 */
import { isoDayNumber, isoDayText } from "@/lib/domain/iso-day";

export const EXCHANGE_HOLIDAYS: Readonly<Record<number, readonly string[]>> = {
  // 2015 SSE notice: incl. the 9/3–9/4 抗战胜利70周年 closure; Mid-Autumn fell on Sunday 9/27. 244 trading days.
  2015: [
    "2015-01-01", "2015-01-02", "2015-02-18", "2015-02-19", "2015-02-20", "2015-02-23", "2015-02-24", "2015-04-06",
    "2015-05-01", "2015-06-22", "2015-09-03", "2015-09-04", "2015-10-01", "2015-10-02", "2015-10-05", "2015-10-06",
    "2015-10-07",
  ],
  // 2016 SSE notice 上证公告〔2015〕36号. 244 trading days.
  2016: [
    "2016-01-01", "2016-02-08", "2016-02-09", "2016-02-10", "2016-02-11", "2016-02-12", "2016-04-04", "2016-05-02",
    "2016-06-09", "2016-06-10", "2016-09-15", "2016-09-16", "2016-10-03", "2016-10-04", "2016-10-05", "2016-10-06",
    "2016-10-07",
  ],
  // 2017 SSE notice. 244 trading days.
  2017: [
    "2017-01-02", "2017-01-27", "2017-01-30", "2017-01-31", "2017-02-01", "2017-02-02", "2017-04-03", "2017-04-04",
    "2017-05-01", "2017-05-29", "2017-05-30", "2017-10-02", "2017-10-03", "2017-10-04", "2017-10-05", "2017-10-06",
  ],
  // 2018 SSE notice, plus 12/31 from the 2019 New Year schedule. 243 trading days.
  2018: [
    "2018-01-01", "2018-02-15", "2018-02-16", "2018-02-19", "2018-02-20", "2018-02-21", "2018-04-05", "2018-04-06",
    "2018-04-30", "2018-05-01", "2018-06-18", "2018-09-24", "2018-10-01", "2018-10-02", "2018-10-03", "2018-10-04",
    "2018-10-05", "2018-12-31",
  ],
  // 2019 SSE notice. 244 trading days.
  2019: [
    "2019-01-01", "2019-02-04", "2019-02-05", "2019-02-06", "2019-02-07", "2019-02-08", "2019-04-05", "2019-05-01",
    "2019-05-02", "2019-05-03", "2019-06-07", "2019-09-13", "2019-10-01", "2019-10-02", "2019-10-03", "2019-10-04",
    "2019-10-07",
  ],
  // 2020 SSE notice; Spring Festival closure extended to 1/31 (CSRC notice of 2020-01-27). 243 trading days.
  2020: [
    "2020-01-01", "2020-01-24", "2020-01-27", "2020-01-28", "2020-01-29", "2020-01-30", "2020-01-31", "2020-04-06",
    "2020-05-01", "2020-05-04", "2020-05-05", "2020-06-25", "2020-06-26", "2020-10-01", "2020-10-02", "2020-10-05",
    "2020-10-06", "2020-10-07", "2020-10-08",
  ],
  // 2021 SSE notice. 243 trading days.
  2021: [
    "2021-01-01", "2021-02-11", "2021-02-12", "2021-02-15", "2021-02-16", "2021-02-17", "2021-04-05", "2021-05-03",
    "2021-05-04", "2021-05-05", "2021-06-14", "2021-09-20", "2021-09-21", "2021-10-01", "2021-10-04", "2021-10-05",
    "2021-10-06", "2021-10-07",
  ],
  // 2022 SSE notice. 242 trading days.
  2022: [
    "2022-01-03", "2022-01-31", "2022-02-01", "2022-02-02", "2022-02-03", "2022-02-04", "2022-04-04", "2022-04-05",
    "2022-05-02", "2022-05-03", "2022-05-04", "2022-06-03", "2022-09-12", "2022-10-03", "2022-10-04", "2022-10-05",
    "2022-10-06", "2022-10-07",
  ],
  // 2023 SSE notice. 242 trading days.
  2023: [
    "2023-01-02", "2023-01-23", "2023-01-24", "2023-01-25", "2023-01-26", "2023-01-27", "2023-04-05", "2023-05-01",
    "2023-05-02", "2023-05-03", "2023-06-22", "2023-06-23", "2023-09-29", "2023-10-02", "2023-10-03", "2023-10-04",
    "2023-10-05", "2023-10-06",
  ],
  // 2024 SSE notice: the exchanges also closed on 除夕 2/9. 242 trading days.
  2024: [
    "2024-01-01", "2024-02-09", "2024-02-12", "2024-02-13", "2024-02-14", "2024-02-15", "2024-02-16", "2024-04-04",
    "2024-04-05", "2024-05-01", "2024-05-02", "2024-05-03", "2024-06-10", "2024-09-16", "2024-09-17", "2024-10-01",
    "2024-10-02", "2024-10-03", "2024-10-04", "2024-10-07",
  ],
  // 2025 SSE notice. 243 trading days.
  2025: [
    "2025-01-01", "2025-01-28", "2025-01-29", "2025-01-30", "2025-01-31", "2025-02-03", "2025-02-04", "2025-04-04",
    "2025-05-01", "2025-05-02", "2025-05-05", "2025-06-02", "2025-10-01", "2025-10-02", "2025-10-03", "2025-10-06",
    "2025-10-07", "2025-10-08",
  ],
  // 2026 沪深北交易所 notice of 2025-12-22 (关于2026年部分节假日休市安排的通知, as reported by 中证网).
  2026: [
    "2026-01-01", "2026-01-02", "2026-02-16", "2026-02-17", "2026-02-18", "2026-02-19", "2026-02-20", "2026-02-23",
    "2026-04-06", "2026-05-01", "2026-05-04", "2026-05-05", "2026-06-19", "2026-09-25", "2026-10-01", "2026-10-02",
    "2026-10-05", "2026-10-06", "2026-10-07",
  ],
};

export interface TradingCalendar {
  isTradingDay(date: string): boolean;
  /** first trading day after `date` */
  next(date: string): string;
  /** last trading day before `date` */
  previous(date: string): string;
  /** trading days after `from` up to and including `to`; 0 when to <= from */
  daysBetween(from: string, to: string): number;
  /** the n-th trading day after `date` (n > 0) or before it (n < 0); `date` itself when n = 0 */
  addTradingDays(date: string, n: number): string;
  /** trading days from `from` to `to`, both inclusive */
  tradingDays(from: string, to: string): string[];
}

const MS_PER_DAY = 86_400_000;
/** the calendar answers for 1990–2100; beyond that a date is a mistake, not a question */
const MIN_YEAR = 1990;
const MAX_YEAR = 2100;
/** built up front, widened on demand */
const DEFAULT_FIRST_YEAR = 2005;
const DEFAULT_LAST_YEAR = 2035;

function parseDay(date: string): number | null {
  const day = isoDayNumber(date);
  const year = Number(date.slice(0, 4));
  return day === null || year < MIN_YEAR || year > MAX_YEAR ? null : day;
}

function requireDay(date: string): number {
  const day = parseDay(date);
  if (day === null) throw new RangeError(`日期无效或超出 ${MIN_YEAR}–${MAX_YEAR}：“${date}”`);
  return day;
}

function formatDay(day: number): string {
  return isoDayText(day);
}

function yearStart(year: number): number {
  return Date.UTC(year, 0, 1) / MS_PER_DAY;
}

const HOLIDAY_DAYS: ReadonlySet<number> = new Set(
  Object.values(EXCHANGE_HOLIDAYS).flatMap((days) => days.map((d) => requireDay(d))),
);

function isWeekdayOpen(day: number): boolean {
  // 1970-01-01 (day 0) was a Thursday
  const weekday = (((day + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6 && !HOLIDAY_DAYS.has(day);
}

/** Prefix counts over a span of days: counts[i] = trading days on or before base + i. */
interface DayIndex {
  base: number;
  last: number;
  open: Uint8Array;
  counts: Int32Array;
  /** every trading day in the span, ascending */
  days: Int32Array;
}

function buildIndex(base: number, last: number, isOpen: (day: number) => boolean): DayIndex {
  const size = last - base + 1;
  const open = new Uint8Array(size);
  const counts = new Int32Array(size);
  const days: number[] = [];
  let running = 0;
  for (let i = 0; i < size; i++) {
    if (isOpen(base + i)) {
      open[i] = 1;
      running++;
      days.push(base + i);
    }
    counts[i] = running;
  }
  return { base, last, open, counts, days: Int32Array.from(days) };
}

/**
 * Weekdays minus exchange holidays; within the span of `barDates` (the open days a caller knows: the provider's
 * calendar, or the days a set of bars traded) a day is a trading day exactly when it is listed.
 */
export function createCalendar(barDates?: Iterable<string>): TradingCalendar {
  const barDays = new Set<number>();
  for (const date of barDates ?? []) barDays.add(requireDay(date));
  let barFirst = Infinity;
  let barLast = -Infinity;
  for (const day of barDays) {
    if (day < barFirst) barFirst = day;
    if (day > barLast) barLast = day;
  }
  const isOpen = (day: number): boolean =>
    day >= barFirst && day <= barLast ? barDays.has(day) : isWeekdayOpen(day);

  let index = buildIndex(
    Math.min(yearStart(DEFAULT_FIRST_YEAR), barFirst),
    Math.max(yearStart(DEFAULT_LAST_YEAR + 1) - 1, barLast),
    isOpen,
  );

  // Widen (with a year of margin so next/previous always find a day) before reading: positions shift on rebuild.
  function cover(...days: number[]): void {
    const low = Math.min(...days) - 400;
    const high = Math.max(...days) + 400;
    if (low >= index.base && high <= index.last) return;
    const base = Math.max(yearStart(MIN_YEAR - 1), Math.min(index.base, low));
    const last = Math.min(yearStart(MAX_YEAR + 2) - 1, Math.max(index.last, high));
    index = buildIndex(base, last, isOpen);
  }

  /** trading days on or before `day` (call `cover` first) */
  function countThrough(day: number): number {
    return index.counts[day - index.base] ?? 0;
  }

  function isOpenDay(day: number): boolean {
    return index.open[day - index.base] === 1;
  }

  /** trading days strictly before `day` */
  function countBefore(day: number): number {
    return countThrough(day) - (isOpenDay(day) ? 1 : 0);
  }

  function dayAt(position: number): number {
    const day = position >= 0 ? index.days[position] : undefined;
    if (day === undefined) throw new RangeError("超出交易日历范围");
    return day;
  }

  return {
    isTradingDay(date) {
      const day = parseDay(date);
      if (day === null) return false;
      cover(day);
      return isOpenDay(day);
    },
    next(date) {
      const day = requireDay(date);
      cover(day);
      return formatDay(dayAt(countThrough(day)));
    },
    previous(date) {
      const day = requireDay(date);
      cover(day);
      return formatDay(dayAt(countBefore(day) - 1));
    },
    daysBetween(from, to) {
      const a = requireDay(from);
      const b = requireDay(to);
      if (b <= a) return 0;
      cover(a, b);
      return countThrough(b) - countThrough(a);
    },
    addTradingDays(date, n) {
      if (!Number.isInteger(n)) throw new RangeError(`交易日数必须是整数：${n}`);
      const day = requireDay(date);
      if (n === 0) return date;
      // about 245 trading days a year: 1.6 calendar days per trading day is ample
      cover(day, Math.max(yearStart(MIN_YEAR), Math.min(yearStart(MAX_YEAR + 1), day + Math.ceil(n * 1.6))));
      const position = n > 0 ? countThrough(day) + n - 1 : countBefore(day) + n;
      return formatDay(dayAt(position));
    },
    tradingDays(from, to) {
      const a = requireDay(from);
      const b = requireDay(to);
      if (b < a) return [];
      cover(a, b);
      return Array.from(index.days.subarray(countBefore(a), countThrough(b)), (d) => formatDay(d));
    },
  };
}

export const defaultCalendar: TradingCalendar = createCalendar();
