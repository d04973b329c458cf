import { exchangeOf } from "@/lib/domain/market/codes";
import { estimateFees } from "@/lib/domain/market/fees";
import { isLimitDown, isLimitUp, limitDownPrice, limitRatio, limitUpPrice } from "@/lib/domain/market/limits";
import { isValidBuyQuantity, minBuyQuantity } from "@/lib/domain/market/lots";
import type { DailyBar } from "@/lib/domain/market/types";
import type { Fill, Side } from "@/lib/domain/statements/types";

/**
 * A demo trading account that refuses what a real account could not do: prices outside the day's range, odd buy
 * lots, selling shares bought today (T+1) or more than held, buying into a 一字涨停, selling into a 一字跌停,
 * spending cash it did not have at the start of the day.
 */

/** one stock on one day, with the limit facts the rules need */
export interface StockDay {
  bar: DailyBar;
  prevClose: number | null;
  limitUp: number | null;
  limitDown: number | null;
  /** high reached the limit-up price */
  touchedUp: boolean;
  closedUp: boolean;
  /** open = high = low = close = limit-up: nobody could buy */
  yiziUp: boolean;
  /** open = high = low = close = limit-down: nobody could sell */
  yiziDown: boolean;
}

export function stockDay(bar: DailyBar, prev: DailyBar | null, name: string): StockDay {
  const ratio = prev ? limitRatio(bar.code, bar.date, { name }) : null;
  const prevClose = prev?.close ?? null;
  const limitUp = prevClose !== null && ratio !== null ? limitUpPrice(prevClose, ratio) : null;
  const limitDown = prevClose !== null && ratio !== null ? limitDownPrice(prevClose, ratio) : null;
  const flat = bar.high === bar.low;
  const touchedUp = prevClose !== null && ratio !== null && isLimitUp(bar.high, prevClose, ratio);
  const closedUp = prevClose !== null && ratio !== null && isLimitUp(bar.close, prevClose, ratio);
  const atDown = prevClose !== null && ratio !== null && isLimitDown(bar.close, prevClose, ratio);
  return { bar, prevClose, limitUp, limitDown, touchedUp, closedUp, yiziUp: flat && closedUp, yiziDown: flat && atDown };
}

interface Lot {
  date: string;
  quantity: number;
  price: number;
}

export type BookFill = Omit<Fill, "line" | "balance">;

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

export function roundTick(price: number): number {
  return Math.round(price * 100) / 100;
}

/** a price on the tick inside the day's range */
export function priceInRange(bar: DailyBar, price: number): number {
  return Math.min(bar.high, Math.max(bar.low, roundTick(price)));
}

export class DemoBook {
  readonly fills: BookFill[] = [];
  private readonly lots = new Map<string, Lot[]>();
  private readonly openedOn = new Map<string, string>();
  private day = "";
  private spendableToday = 0;

  constructor(
    private cash: number,
    private readonly nameOf: (code: string) => string,
  ) {}

  /** call once per trading day before any order */
  startDay(date: string): void {
    this.day = date;
    this.spendableToday = this.cash;
  }

  get cashBalance(): number {
    return this.cash;
  }

  addCash(amount: number): void {
    this.cash = roundMoney(this.cash + amount);
  }

  codesHeld(): string[] {
    return [...this.lots.keys()];
  }

  held(code: string): number {
    return (this.lots.get(code) ?? []).reduce((sum, lot) => sum + lot.quantity, 0);
  }

  /** shares bought before today (T+1) */
  sellable(code: string): number {
    return (this.lots.get(code) ?? []).filter((lot) => lot.date < this.day).reduce((sum, lot) => sum + lot.quantity, 0);
  }

  averageCost(code: string): number {
    const lots = this.lots.get(code) ?? [];
    const quantity = lots.reduce((sum, lot) => sum + lot.quantity, 0);
    return quantity === 0 ? 0 : lots.reduce((sum, lot) => sum + lot.quantity * lot.price, 0) / quantity;
  }

  openedDate(code: string): string | null {
    return this.openedOn.get(code) ?? null;
  }

  /** the largest valid buy for a budget at a price (0 when not even the minimum fits) */
  quantityFor(code: string, budget: number, price: number): number {
    const affordable = Math.min(budget, this.spendableToday * 0.995);
    const minimum = minBuyQuantity(code);
    const steps = Math.floor(affordable / price);
    const quantity = isValidBuyQuantity(code, minimum + 1) ? steps : Math.floor(steps / minimum) * minimum;
    return quantity >= minimum ? quantity : 0;
  }

  buy(day: StockDay, price: number, quantity: number, time: string): boolean {
    const { bar } = day;
    if (day.yiziUp || price < bar.low || price > bar.high || !isValidBuyQuantity(bar.code, quantity)) return false;
    const amount = roundMoney(price * quantity);
    const fees = estimateFees("buy", amount, bar.date);
    const cost = roundMoney(amount + fees.commission + fees.stampDuty + fees.transferFee + fees.other);
    if (cost > this.spendableToday) return false;
    this.spendableToday = roundMoney(this.spendableToday - cost);
    this.cash = roundMoney(this.cash - cost);
    const lots = this.lots.get(bar.code) ?? [];
    if (lots.length === 0) this.openedOn.set(bar.code, bar.date);
    lots.push({ date: bar.date, quantity, price });
    this.lots.set(bar.code, lots);
    this.record(bar, "buy", price, quantity, amount, -cost, time, fees);
    return true;
  }

  sell(day: StockDay, price: number, quantity: number, time: string): boolean {
    const { bar } = day;
    if (day.yiziDown || price < bar.low || price > bar.high) return false;
    if (!Number.isInteger(quantity) || quantity <= 0 || quantity > this.sellable(bar.code)) return false;
    const amount = roundMoney(price * quantity);
    const fees = estimateFees("sell", amount, bar.date);
    const proceeds = roundMoney(amount - fees.commission - fees.stampDuty - fees.transferFee - fees.other);
    this.cash = roundMoney(this.cash + proceeds);
    let remaining = quantity;
    const lots = this.lots.get(bar.code) ?? [];
    while (remaining > 0 && lots.length > 0) {
      const first = lots[0] as Lot;
      const taken = Math.min(first.quantity, remaining);
      first.quantity -= taken;
      remaining -= taken;
      if (first.quantity === 0) lots.shift();
    }
    if (lots.length === 0) {
      this.lots.delete(bar.code);
      this.openedOn.delete(bar.code);
    }
    this.record(bar, "sell", price, quantity, amount, proceeds, time, fees);
    return true;
  }

  private record(
    bar: DailyBar,
    side: Side,
    price: number,
    quantity: number,
    amount: number,
    netAmount: number,
    time: string,
    fees: Fill["fees"],
  ): void {
    this.fills.push({
      date: bar.date,
      time,
      code: bar.code,
      exchange: exchangeOf(bar.code),
      market: "A",
      name: this.nameOf(bar.code),
      side,
      quantity,
      price,
      priceCurrency: "CNY",
      amount,
      amountStated: true,
      currency: "CNY",
      fxRate: null,
      fees,
      feeBasis: "file",
      feesEstimated: false,
      shareBalance: null,
      netAmount,
      kind: "trade",
      raw: side === "buy" ? "证券买入" : "证券卖出",
    });
  }
}
