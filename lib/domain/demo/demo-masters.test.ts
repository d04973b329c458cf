import { createCalendar } from "@/lib/domain/market/calendar";
import { estimateFees } from "@/lib/domain/market/fees";
import { isLimitDown, isLimitUp, limitRatio, limitUpPrice } from "@/lib/domain/market/limits";
import { isValidBuyQuantity } from "@/lib/domain/market/lots";
import type { DailyBar } from "@/lib/domain/market/types";
import type { Fill } from "@/lib/domain/statements/types";
import { DEMO_MARKET_START, demoBars, demoStock } from "./demo-market";
import { DEMO_MASTER_END, DEMO_MASTER_START, DEMO_MASTERS, STYLE_UNIVERSE, demoMasterEvents, demoMasterFills, simulateDemoMaster } from "./demo-masters";
import { isContinuousTradingTime } from "./trading-time";

const bars = demoBars(DEMO_MARKET_START, DEMO_MASTER_END);
const barIndex = new Map(bars.map((b) => [`${b.code}|${b.date}`, b]));
const calendar = createCalendar(bars.map((b) => b.date));

function barOf(fill: Fill): DailyBar {
  const bar = barIndex.get(`${fill.code}|${fill.date}`);
  if (!bar) throw new Error(`no bar for ${fill.code} on ${fill.date}`);
  return bar;
}

function prevBarOf(fill: Fill): DailyBar | undefined {
  return barIndex.get(`${fill.code}|${calendar.previous(fill.date)}`);
}

function ratioOf(fill: Fill): number {
  return limitRatio(fill.code, fill.date, { name: fill.name }) ?? 0.1;
}

function isYiziUp(bar: DailyBar, prev: DailyBar | undefined, ratio: number): boolean {
  return !!prev && bar.high === bar.low && isLimitUp(bar.close, prev.close, ratio);
}

interface Trip { code: string; pnl: number; closed: boolean }

/** FIFO-free round trips: a trip opens when a position leaves zero and closes when it returns to zero */
function roundTrips(fills: Fill[]): Trip[] {
  const open = new Map<string, { quantity: number; trip: Trip }>();
  const trips: Trip[] = [];
  for (const fill of fills) {
    let position = open.get(fill.code);
    if (!position) {
      position = { quantity: 0, trip: { code: fill.code, pnl: 0, closed: false } };
      trips.push(position.trip);
      open.set(fill.code, position);
    }
    position.quantity += fill.side === "buy" ? fill.quantity : -fill.quantity;
    position.trip.pnl += fill.netAmount ?? 0;
    if (position.quantity === 0) {
      position.trip.closed = true;
      open.delete(fill.code);
    }
  }
  return trips;
}

describe.each(DEMO_MASTERS.map((m) => [m.name, m] as const))("demo master %s", (_name, master) => {
  const { fills, events } = simulateDemoMaster(master, bars);

  it("has its own name and style tags that say its style", () => {
    expect(DEMO_MASTERS.filter((m) => m.name === master.name)).toHaveLength(1);
    expect(DEMO_MASTERS.filter((m) => m.seed === master.seed)).toHaveLength(1);
    expect(master.styleTags[0]).toBe(master.style === "波段" ? "趋势" : master.style);
  });

  it("trades only the stocks its style fits: 打板 and 低吸 the small caps, 趋势 the large caps", () => {
    const wanted = STYLE_UNIVERSE[master.style];
    expect(fills.filter((f) => demoStock(f.code)?.cap !== wanted).map((f) => `${f.date} ${f.name}`)).toEqual([]);
  });

  it("trades from the day it joined (about 18 months for the first sixteen) to the last demo day, only on days with bars", () => {
    const start = master.from ?? DEMO_MASTER_START;
    expect(start >= DEMO_MASTER_START).toBe(true);
    expect(fills[0]!.date >= start).toBe(true);
    expect(calendar.daysBetween(start, fills[0]!.date)).toBeLessThan(30);
    expect(fills.at(-1)!.date <= DEMO_MASTER_END && fills.at(-1)!.date > "2026-10-01").toBe(true);
    expect(fills.every((f) => barIndex.has(`${f.code}|${f.date}`))).toBe(true);
    expect(fills.map((f) => f.line)).toEqual([...fills.map((f) => f.line)].sort((a, b) => a - b));
  });

  it("fills every order inside that day's low–high, on the 0.01 tick", () => {
    const bad = fills.filter((f) => {
      const bar = barOf(f);
      return f.price < bar.low || f.price > bar.high || Math.abs(f.price * 100 - Math.round(f.price * 100)) > 1e-6;
    });
    expect(bad).toEqual([]);
  });

  it("buys in valid lots", () => {
    expect(fills.filter((f) => f.side === "buy" && !isValidBuyQuantity(f.code, f.quantity))).toEqual([]);
  });

  it("never sells shares bought the same day (T+1) nor more than held", () => {
    const heldAtOpen = new Map<string, number>();
    const held = new Map<string, number>();
    let day = "";
    const bad: Fill[] = [];
    for (const fill of fills) {
      if (fill.date !== day) {
        day = fill.date;
        heldAtOpen.clear();
        for (const [code, quantity] of held) heldAtOpen.set(code, quantity);
      }
      if (fill.side === "buy") {
        held.set(fill.code, (held.get(fill.code) ?? 0) + fill.quantity);
      } else {
        const sellable = heldAtOpen.get(fill.code) ?? 0;
        if (fill.quantity > sellable || fill.quantity > (held.get(fill.code) ?? 0)) bad.push(fill);
        heldAtOpen.set(fill.code, sellable - fill.quantity);
        held.set(fill.code, (held.get(fill.code) ?? 0) - fill.quantity);
      }
    }
    expect(bad).toEqual([]);
    expect([...held.values()].every((q) => q >= 0)).toBe(true);
  });

  it("never buys on a 一字 limit-up day", () => {
    expect(fills.filter((f) => f.side === "buy" && isYiziUp(barOf(f), prevBarOf(f), ratioOf(f)))).toEqual([]);
  });

  it("never sells on a 一字 limit-down day", () => {
    const bad = fills.filter((f) => {
      const bar = barOf(f);
      const prev = prevBarOf(f);
      return f.side === "sell" && !!prev && bar.high === bar.low && isLimitDown(bar.close, prev.close, ratioOf(f));
    });
    expect(bad).toEqual([]);
  });

  it("trades inside continuous trading hours", () => {
    expect(fills.filter((f) => f.time === null || !isContinuousTradingTime(f.time))).toEqual([]);
  });

  it("closes at least 60 round trips with both wins and losses, on at least 20 trading days", () => {
    const closed = roundTrips(fills).filter((t) => t.closed);
    expect(closed.length).toBeGreaterThanOrEqual(60);
    expect(closed.filter((t) => t.pnl > 0).length).toBeGreaterThanOrEqual(10);
    expect(closed.filter((t) => t.pnl < 0).length).toBeGreaterThanOrEqual(10);
    expect(new Set(fills.map((f) => f.date)).size).toBeGreaterThanOrEqual(20);
  });

  it("ends with a few open positions", () => {
    const open = roundTrips(fills).filter((t) => !t.closed);
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(open.length).toBeLessThanOrEqual(6);
  });

  it("carries the fees estimateFees gives and a net amount and balance that add up", () => {
    let balance = 0;
    const cashEvents = [...events];
    const bad: string[] = [];
    for (const fill of fills) {
      while (cashEvents.length > 0 && cashEvents[0]!.line < fill.line) balance += cashEvents.shift()!.amount;
      const fees = estimateFees(fill.side, fill.amount, fill.date);
      const total = fees.commission + fees.stampDuty + fees.transferFee + fees.other;
      const net = fill.side === "buy" ? -(fill.amount + total) : fill.amount - total;
      balance += net;
      if (JSON.stringify(fill.fees) !== JSON.stringify(fees) || fill.feesEstimated) bad.push(`${fill.line} fees`);
      if (Math.abs(fill.amount - fill.price * fill.quantity) > 0.005) bad.push(`${fill.line} amount`);
      if (Math.abs((fill.netAmount ?? NaN) - net) > 0.005) bad.push(`${fill.line} net`);
      if (Math.abs((fill.balance ?? NaN) - balance) > 0.01) bad.push(`${fill.line} balance`);
      if ((fill.balance ?? -1) < 0) bad.push(`${fill.line} negative balance`);
      if (fill.name !== demoStock(fill.code)?.name || fill.kind !== "trade") bad.push(`${fill.line} name/kind`);
    }
    expect(bad).toEqual([]);
  });

  it("deposits its start cash first and books dividends only on stocks it held", () => {
    expect(events[0]).toMatchObject({ line: 1, kind: "cash_in", amount: master.startCash });
    for (const event of events.slice(1)) {
      expect(event.kind).toBe("dividend");
      const before = fills.filter((f) => f.code === event.code && f.date < event.date);
      const held = before.reduce((q, f) => q + (f.side === "buy" ? f.quantity : -f.quantity), 0);
      expect(event.quantity).toBe(held);
      expect(event.amount).toBeGreaterThan(0);
    }
    expect(demoMasterEvents(master, bars)).toEqual(events);
  });

  it("is deterministic", () => {
    expect(demoMasterFills(master, bars)).toEqual(fills);
    expect(demoMasterFills(master, [...bars].reverse())).toEqual(fills);
  });
});

describe("demo master styles", () => {
  const fillsOf = (style: string) => demoMasterFills(DEMO_MASTERS.find((m) => m.style === style)!, bars);

  it("打板 buys exactly at the limit-up price on days that touched it and were not 一字", () => {
    const buys = fillsOf("打板").filter((f) => f.side === "buy");
    expect(buys.length).toBeGreaterThanOrEqual(60);
    const bad = buys.filter((f) => {
      const bar = barOf(f);
      const prev = prevBarOf(f);
      return !prev || f.price !== limitUpPrice(prev.close, ratioOf(f)) || bar.high !== f.price || bar.low === bar.high;
    });
    expect(bad).toEqual([]);
  });

  it("holds 打板 shortest and 波段 longest", () => {
    const averageHold = (style: string) => {
      const opened = new Map<string, { date: string; quantity: number }>();
      const holds: number[] = [];
      for (const fill of fillsOf(style)) {
        const position = opened.get(fill.code) ?? { date: fill.date, quantity: 0 };
        position.quantity += fill.side === "buy" ? fill.quantity : -fill.quantity;
        opened.set(fill.code, position);
        if (position.quantity === 0) {
          holds.push(calendar.daysBetween(position.date, fill.date));
          opened.delete(fill.code);
        }
      }
      return holds.reduce((a, b) => a + b, 0) / holds.length;
    };
    const [chaser, dipper, swing] = ["打板", "低吸", "波段"].map(averageHold) as [number, number, number];
    expect(chaser).toBeLessThan(dipper);
    expect(dipper).toBeLessThan(swing);
    expect(chaser).toBeGreaterThanOrEqual(1);
  });
});

describe("demo world", () => {
  it("has at least twelve masters, several of each style", () => {
    expect(DEMO_MASTERS.length).toBeGreaterThanOrEqual(12);
    for (const style of ["打板", "低吸", "波段"]) expect(DEMO_MASTERS.filter((m) => m.style === style).length).toBeGreaterThanOrEqual(3);
  });

  it("has closed trades of several masters on the last demo day, the day every page opens on", () => {
    const closingOnLastDay = DEMO_MASTERS.filter((m) => {
      const trips = new Map<string, number>();
      let closed = false;
      for (const fill of demoMasterFills(m, bars)) {
        const held = (trips.get(fill.code) ?? 0) + (fill.side === "buy" ? fill.quantity : -fill.quantity);
        trips.set(fill.code, held);
        if (held === 0 && fill.date === DEMO_MASTER_END) closed = true;
      }
      return closed;
    });
    expect(closingOnLastDay.length).toBeGreaterThanOrEqual(3);
  });
});

