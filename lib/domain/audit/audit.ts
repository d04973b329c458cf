import type { TradingCalendar } from "@/lib/domain/market/calendar";
import { isStockCode } from "@/lib/domain/market/codes";
import type { DailyBar } from "@/lib/domain/market/types";
import { feeFailure, limitFailure, lotFailure, rangeFailure, sessionFailure, statedLimitFailure, volumeFailure } from "@/lib/domain/audit/fill-rules";
import { nameFailure, type NameSpan } from "@/lib/domain/audit/name-rule";
import type { AuditedEvent, AuditedFill, AuditFailure, FillAudit } from "@/lib/domain/audit/types";
import { eventDelta } from "@/lib/domain/statements/analysis/balances";
import { isNewestFirst } from "@/lib/domain/statements/analysis/order";

/**
 * 交割单体检 of one book (docs/adr/0079): every fill checked against the calendar, its day's bar and the rules of its
 * date, and against the file's own share balances. Pure: fills, share events and bars in, one audit per fill out, in
 * the fills' order. A fill without its day's bar is unverifiable unless a rule that needs none fails it.
 */

export interface AuditInput {
  fills: readonly AuditedFill[];
  /** share events (bonus shares, transfers): they move the share balances the chain rule follows */
  events?: readonly AuditedEvent[];
  calendar: TradingCalendar;
  /** the code's unadjusted daily bars, oldest first; undefined when none are stored */
  barsOf: (code: string) => readonly DailyBar[] | undefined;
  /** whether the provider lists the code as suspended all day on the date (Tushare `suspend_d`); unknown: false */
  suspendedOn?: (code: string, date: string) => boolean;
  /** the day's limit prices as the exchange set them (Tushare `stk_limit`); undefined: computed from the rules */
  limitsOn?: (code: string, date: string) => { up: number; down: number } | undefined;
  /** the code's history of names (Tushare `namechange`); undefined when none is stored */
  namesOf?: (code: string) => readonly NameSpan[] | undefined;
}

interface BarDays {
  bars: readonly DailyBar[];
  byDate: Map<string, number>;
}

function barDays(bars: readonly DailyBar[] | undefined): BarDays | null {
  if (!bars || bars.length === 0) return null;
  return { bars, byDate: new Map(bars.map((b, i) => [b.date, i])) };
}

/** The day's bar, the close before the day, and whether the day is a hole between two bars (a suspension). */
function marketOn(days: BarDays | null, date: string, calendar: TradingCalendar): { bar: DailyBar | null; prevClose: number | null; hole: boolean } {
  if (!days) return { bar: null, prevClose: null, hole: false };
  const at = days.byDate.get(date);
  if (at !== undefined) {
    const bar = days.bars[at]!;
    const prev = at > 0 ? days.bars[at - 1]! : null;
    return { bar, prevClose: bar.preClose ?? prev?.close ?? null, hole: false };
  }
  if (!calendar.isTradingDay(date)) return { bar: null, prevClose: null, hole: false };
  // stocks get no bar on a day they are suspended: a one-day hole between the trading days around it
  const before = days.byDate.get(calendar.previous(date));
  const after = days.byDate.get(calendar.next(date));
  return { bar: null, prevClose: before !== undefined ? days.bars[before]!.close : null, hole: before !== undefined && after !== undefined };
}

const SHARE_EVENTS = new Set(["bonus_shares", "shares_in", "shares_out", "share_adjust"]);


interface ChainRow {
  fill: number | null;
  date: string;
  line: number;
  delta: number;
  balance: number | null;
}

/**
 * The file's own share balances, per code in file order: a row whose balance is not the previous row's plus its own
 * change breaks the chain, when the code's chain holds on most of its links (a column that is no share balance never
 * does). The first row of each day also gives the shares held before the day, for T+1.
 */
function shareChains(fills: readonly AuditedFill[], events: readonly AuditedEvent[]): { broken: Map<number, AuditFailure>; heldBefore: Map<string, number> } {
  const byCode = new Map<string, ChainRow[]>();
  const push = (code: string, row: ChainRow) => {
    const list = byCode.get(code);
    if (list) list.push(row);
    else byCode.set(code, [row]);
  };
  fills.forEach((f, i) => push(f.code, { fill: i, date: f.date, line: f.line, delta: f.side === "buy" ? f.quantity : -f.quantity, balance: f.shareBalance }));
  for (const e of events) if (e.code && SHARE_EVENTS.has(e.kind)) push(e.code, { fill: null, date: e.date, line: e.line, delta: eventDelta(e), balance: e.shareBalance });
  const broken = new Map<number, AuditFailure>();
  const heldBefore = new Map<string, number>();
  const newestFirst = isNewestFirst([...fills].sort((a, b) => a.line - b.line));
  for (const [code, rows] of byCode) {
    rows.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.line - b.line));
    let links = 0;
    let held = 0;
    const breaks: { row: ChainRow; previous: number }[] = [];
    for (let k = 1; k < rows.length; k++) {
      const a = rows[k - 1]!;
      const b = rows[k]!;
      if (a.balance === null || b.balance === null) continue;
      links++;
      if (b.balance - b.delta === a.balance) held++;
      else breaks.push({ row: b, previous: a.balance });
    }
    const trusted = links > 0 && held * 2 > links;
    if (trusted) {
      for (const { row, previous } of breaks) {
        if (row.fill === null) continue;
        broken.set(row.fill, {
          rule: "balance-chain",
          message: `股份余额 ${row.balance} 股，上一笔后为 ${previous} 股，本笔${row.delta > 0 ? "买入" : "卖出"} ${Math.abs(row.delta)} 股后应为 ${previous + row.delta} 股`,
        });
      }
    }
    if (trusted || links === 0) {
      for (let k = 0; k < rows.length; ) {
        let end = k;
        while (end < rows.length && rows[end]!.date === rows[k]!.date) end++;
        const opening = dayOpening(rows.slice(k, end), newestFirst);
        if (opening !== null) heldBefore.set(`${code}|${rows[k]!.date}`, opening);
        k = end;
      }
    }
  }
  return { broken, heldBefore };
}

/**
 * The shares held before a day, from its rows' balances whatever order the file wrote them in (newest first, say):
 * the one row whose balance before it is no other row's balance after it starts the day. Null when a row states no
 * balance or no single row does.
 */
function dayOpening(rows: readonly ChainRow[], newestFirst: boolean): number | null {
  if (rows.some((r) => r.balance === null)) return null;
  const before = (r: ChainRow) => (r.balance as number) - r.delta;
  const afters = new Set(rows.map((r) => r.balance as number));
  const starts = rows.filter((r) => !afters.has(before(r)));
  if (starts.length === 1) return before(starts[0]!);
  // a day that ends where it began (0 → 1000 → 0, or 1000 → 0 → 1000): the file's own order tells, when it chains
  const inOrder = newestFirst ? [...rows].reverse() : rows;
  const chains = inOrder.every((r, k) => k === 0 || before(r) === inOrder[k - 1]!.balance);
  return chains ? before(inOrder[0]!) : null;
}

export function auditFills(input: AuditInput): FillAudit[] {
  const { fills, calendar } = input;
  const days = new Map<string, BarDays | null>();
  const daysOf = (code: string) => {
    let d = days.get(code);
    if (d === undefined) {
      d = barDays(input.barsOf(code));
      days.set(code, d);
    }
    return d;
  };
  const { broken, heldBefore } = shareChains(fills, input.events ?? []);
  const writtenNames = new Map<string, Set<string>>();
  for (const f of fills) (writtenNames.get(f.code) ?? writtenNames.set(f.code, new Set()).get(f.code)!).add(f.name);
  // per code and day, in file order: shares traded so far, and shares sold so far
  const traded = new Map<string, number>();
  const sold = new Map<string, number>();
  const order = fills.map((_, i) => i).sort((a, b) => fills[a]!.line - fills[b]!.line);
  const audits = new Array<FillAudit>(fills.length);
  for (const i of order) {
    const f = fills[i]!;
    const failures: AuditFailure[] = [];
    const add = (failure: AuditFailure | null) => {
      if (failure) failures.push(failure);
    };
    // an allotment booked at its issue price (新股入帐, 中签) is no exchange fill: nothing of the market to check it by
    if (f.market !== "A" || !/^\d{6}$/.test(f.code) || f.kind !== "trade") {
      audits[i] = { status: "unverifiable", failures };
      continue;
    }
    const key = `${f.code}|${f.date}`;
    const tradedToday = (traded.get(key) ?? 0) + f.quantity;
    traded.set(key, tradedToday);
    if (!calendar.isTradingDay(f.date)) add({ rule: "not-trading-day", message: `${f.date} 不是交易日（交易所休市）` });
    add(sessionFailure(f));
    add(lotFailure(f));
    add(feeFailure(f));
    const chain = broken.get(i);
    if (chain) failures.push(chain);
    if (f.side === "sell" && isStockCode(f.code)) {
      const soldToday = (sold.get(key) ?? 0) + f.quantity;
      sold.set(key, soldToday);
      const before = heldBefore.get(key);
      if (before !== undefined && soldToday > Math.max(0, before)) {
        add({ rule: "t-plus-one", message: `当日卖出累计 ${soldToday} 股，而当日开盘前只持有 ${Math.max(0, before)} 股：卖出了当天买入的股票（A 股 T+1）` });
      }
    }
    const market = calendar.isTradingDay(f.date) ? marketOn(daysOf(f.code), f.date, calendar) : { bar: null, prevClose: null, hole: false };
    const stated = input.limitsOn?.(f.code, f.date);
    add(stated ? statedLimitFailure(f, stated) : limitFailure(f, market.prevClose, market.bar));
    if (!market.bar && calendar.isTradingDay(f.date) && input.suspendedOn?.(f.code, f.date)) {
      add({ rule: "suspended", message: `${f.date} 这只股票全天停牌（行情源的停牌记录），当天没有成交` });
    } else if (market.hole) add({ rule: "suspended", message: `${f.date} 这只股票停牌（行情源当天没有成交，前后交易日都有）` });
    add(nameFailure(f, input.namesOf?.(f.code), writtenNames.get(f.code)!));
    if (market.bar) {
      add(rangeFailure(f, market.bar));
      add(volumeFailure(f, tradedToday, market.bar));
    }
    audits[i] = { status: failures.length > 0 ? "failed" : market.bar ? "passed" : "unverifiable", failures };
  }
  return audits;
}
