/**
 * Money arithmetic of the analysis. Sums are kept in integers so a total never drifts:
 * fen (0.01 yuan) for amounts and fees, mills (0.001 yuan) for price × quantity, because a price may carry three
 * decimals (research A.0: 成交均价 10.235). Amounts are turned back into yuan only at the boundary.
 */

/** a/b rounded half away from zero, for integers a and b (b > 0) */
export function divRound(a: number, b: number): number {
  if (a < 0) return -Math.floor((-a * 2 + b) / (b * 2));
  return Math.floor((a * 2 + b) / (b * 2));
}

/**
 * Yuan rounded half away from zero to 0.01 without float drift: 1.005 → 1.01, −1.005 → −1.01, 0.1 + 0.2 → 0.3.
 * (`toPrecision(15)` drops the binary noise that makes 1.005 × 100 read 100.49999999999999.)
 */
export function roundMoney(x: number): number {
  if (!Number.isFinite(x)) return x;
  const scaled = Number((Math.abs(x) * 100).toPrecision(15));
  const rounded = Math.round(scaled) / 100;
  return x < 0 && rounded !== 0 ? -rounded : rounded;
}

/** yuan (two decimals as statements write them) → integer fen */
export function toFen(yuan: number): number {
  const fen = Math.round(Math.abs(yuan) * 100);
  return yuan < 0 && fen !== 0 ? -fen : fen;
}

/** integer fen → yuan */
export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** price × quantity in integer mills (0.001 yuan); prices carry at most three decimals */
export function lineMills(price: number, quantity: number): number {
  return Math.round(price * 1000) * quantity;
}

/** mills → fen, half away from zero */
export function millsToFen(mills: number): number {
  return divRound(mills, 10);
}

/** a ratio rounded to `digits` decimals (counts, days, rates); NaN and ±Infinity pass through */
export function roundTo(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const factor = 10 ** digits;
  const scaled = Number((Math.abs(x) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return x < 0 && rounded !== 0 ? -rounded : rounded;
}
