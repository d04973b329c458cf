/** The time order of fills and events (see analyzeStatement's "Order"). */

/** true when neighbouring rows more often go back in date than forward: a newest-first export */
export function isNewestFirst(items: readonly { date: string }[]): boolean {
  let up = 0;
  let down = 0;
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1]!.date;
    const b = items[i]!.date;
    if (b > a) up++;
    else if (b < a) down++;
  }
  return down > up;
}

/** indices of `items` in (date, time, code, reading order) order; a missing time sorts first in its day */
export function timeOrder(items: readonly { date: string; time: string | null }[], codes: readonly string[]): number[] {
  const n = items.length;
  const reversed = isNewestFirst(items);
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => {
    const x = items[a]!;
    const y = items[b]!;
    if (x.date !== y.date) return x.date < y.date ? -1 : 1;
    const tx = x.time ?? "";
    const ty = y.time ?? "";
    if (tx !== ty) return tx < ty ? -1 : 1;
    const cx = codes[a]!;
    const cy = codes[b]!;
    if (cx !== cy) return cx < cy ? -1 : 1;
    return reversed ? b - a : a - b;
  });
  return order;
}

interface ChainRow {
  date: string;
  side: "buy" | "sell";
  quantity: number;
  shareBalance: number | null;
}

const deltaOf = (r: ChainRow) => (r.side === "buy" ? r.quantity : -r.quantity);

/** The chain of balances from `start` through every row, the earliest in time first where two continue it; null when it breaks. */
function chainFrom(start: number, rows: readonly number[], items: readonly ChainRow[]): number[] | null {
  const chain = [start];
  const used = new Set(chain);
  while (chain.length < rows.length) {
    const balance = items[chain[chain.length - 1]!]!.shareBalance!;
    const next = rows.find((i) => !used.has(i) && items[i]!.shareBalance! - deltaOf(items[i]!) === balance);
    if (next === undefined) return null;
    chain.push(next);
    used.add(next);
  }
  return chain;
}

/**
 * The rows of one code on one day (their indices, in time order) in the order their share balances chain, when the
 * times say otherwise: each row's balance less its own change is the previous row's, the first row's the balance the
 * code had before the day (`opening`). Null when the times already agree, a row states no balance, or no chain runs
 * through every row.
 */
function chainOrder(rows: readonly number[], items: readonly ChainRow[], opening: number): number[] | null {
  const before = (i: number) => items[i]!.shareBalance! - deltaOf(items[i]!);
  let agrees = true;
  for (let k = 0; k < rows.length; k++) {
    const r = items[rows[k]!]!;
    if (r.shareBalance == null) return null;
    if (k > 0 && before(rows[k]!) !== items[rows[k - 1]!]!.shareBalance) agrees = false;
  }
  if (agrees && before(rows[0]!) === opening) return null;
  const afters = new Set(rows.map((i) => items[i]!.shareBalance!));
  // from the balance before the day first, else from a row no other row leads to
  const starts = [...rows.filter((i) => before(i) === opening), ...rows.filter((i) => before(i) !== opening && !afters.has(before(i)))];
  for (const start of starts) {
    const chain = chainFrom(start, rows, items);
    if (chain) return chain.every((i, k) => i === rows[k]) ? null : chain;
  }
  return null;
}

/**
 * Where a file's share balances and its times disagree on the order of a code's rows within a day, the balance chain
 * wins (it is the broker's own processing order; times may be order times or rounded): `order` (indices in time
 * order) is rearranged in place, each code's rows taking the same places the time order gave them.
 */
export function followBalanceChains(order: number[], items: readonly ChainRow[], codes: readonly string[]): void {
  if (!items.some((r) => r.shareBalance != null)) return;
  const groups = new Map<string, number[]>();
  // each code's balance after the days already ordered (0 before its first row)
  const closing = new Map<string, number>();
  let day = "";
  const flush = () => {
    for (const [code, slots] of groups) {
      if (slots.length >= 2) {
        const chain = chainOrder(slots.map((s) => order[s]!), items, closing.get(code) ?? 0);
        if (chain) slots.forEach((s, k) => (order[s] = chain[k]!));
      }
      const last = items[order[slots[slots.length - 1]!]!]!.shareBalance;
      if (last != null) closing.set(code, last);
      else closing.delete(code);
    }
    groups.clear();
  };
  for (let s = 0; s < order.length; s++) {
    const item = items[order[s]!]!;
    if (item.date !== day) {
      flush();
      day = item.date;
    }
    const code = codes[order[s]!]!;
    const slots = groups.get(code);
    if (slots) slots.push(s);
    else groups.set(code, [s]);
  }
  flush();
}
