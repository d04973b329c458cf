import type { Fill, FillFees, StatementEvent } from "@/lib/domain/statements/types";

/**
 * Hand-built fills and events for the analysis tests: an A-share 浦发银行 row with the reader's defaults, numbered in
 * the order they are built (`resetLines` before each test).
 */

let line = 1;

export function resetLines(): void {
  line = 1;
}

export function fees(commission: number, stampDuty = 0, transferFee = 0, other = 0): FillFees {
  return { commission, stampDuty, transferFee, other };
}

/** amount price × quantity to the fen, fees 0, from the fee columns */
export function fill(p: Partial<Fill> & Pick<Fill, "date" | "side" | "quantity" | "price">): Fill {
  return {
    line: line++,
    time: null,
    code: "600000",
    exchange: "SH",
    market: "A",
    name: "浦发银行",
    priceCurrency: "CNY",
    amount: Math.round(p.price * p.quantity * 100) / 100,
    amountStated: true,
    currency: "CNY",
    fxRate: null,
    fees: fees(0),
    feeBasis: "file",
    feesEstimated: false,
    shareBalance: null,
    netAmount: null,
    balance: null,
    kind: "trade",
    raw: p.side === "buy" ? "证券买入" : "证券卖出",
    ...p,
  };
}

/** a 港股通 腾讯控股 fill: the amount (CNY, converted by the file at 0.9) is given */
export function hkFill(p: Partial<Fill> & Pick<Fill, "date" | "side" | "quantity" | "price" | "amount">): Fill {
  return fill({ code: "00700", exchange: "HK", market: "HK", name: "腾讯控股", priceCurrency: "HKD", fxRate: 0.9, ...p });
}

export function event(p: Partial<StatementEvent> & Pick<StatementEvent, "date" | "kind">): StatementEvent {
  return {
    line: line++, time: null, code: "600000", exchange: "SH", market: "A", name: "浦发银行", quantity: 0, shareBalance: null, amount: 0, raw: "",
    ...p,
  };
}
