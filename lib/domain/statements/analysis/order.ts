/** The time order of fills and events (see analyzeStatement's "Order"). */

/** true when neighbouring rows more often go back in date than forward: a newest-first export */
function isNewestFirst(items: readonly { date: string }[]): boolean {
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
