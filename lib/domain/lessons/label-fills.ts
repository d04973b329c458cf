import { playOf, type DayContext, type PlayLabel, type UnknownPlay } from "./plays";

export interface FillToLabel {
  code: string;
  date: string;
  time: string | null;
  side: "buy" | "sell";
  price: number;
  quantity: number;
}

/**
 * The 打法 of each fill of a book, in the book's order (docs/adr/0080), with the position's average cost carried
 * along for 止损 (a buy adds to the cost, a sell takes its share out; back to zero, it starts again).
 */
export function labelFills(fills: readonly FillToLabel[], contextsOf: (code: string) => ReadonlyMap<string, DayContext> | undefined): (PlayLabel | UnknownPlay)[] {
  const positions = new Map<string, { shares: number; cost: number }>();
  return fills.map((f) => {
    const position = positions.get(f.code) ?? { shares: 0, cost: 0 };
    const averageCost = position.shares > 0 ? position.cost / position.shares : null;
    const label = playOf(f, contextsOf(f.code)?.get(f.date), f.code, averageCost);
    if (f.side === "buy") positions.set(f.code, { shares: position.shares + f.quantity, cost: position.cost + f.price * f.quantity });
    else {
      const left = Math.max(0, position.shares - f.quantity);
      positions.set(f.code, { shares: left, cost: left > 0 && averageCost !== null ? averageCost * left : 0 });
    }
    return label;
  });
}
