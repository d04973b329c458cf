/**
 * Chart indicators computed from closes (the chart only draws them).
 *
 * Conventions follow the Chinese terminals (通达信 / 同花顺):
 * - MA(n): simple mean of the last n closes; null until n values exist.
 * - EMA(n): α = 2 / (n + 1), **seeded with the first value** (EMA₀ = x₀, EMAᵢ = α·xᵢ + (1 − α)·EMAᵢ₋₁), so every bar
 *   has a value from the first one on and early values converge towards the terminals' after a few dozen bars.
 * - MACD: DIF = EMA(fast) − EMA(slow); DEA = EMA(signal) of DIF (seeded with DIF₀ = 0); hist (the "MACD" bars)
 *   = 2 × (DIF − DEA).
 */

/** Simple moving average of `n` values; `null` for the first n − 1 positions (or everywhere when n < 1). */
export function movingAverage(values: readonly number[], n: number): (number | null)[] {
  const size = Math.floor(n);
  const out: (number | null)[] = new Array(values.length).fill(null);
  if (!(size >= 1)) return out;
  // Summing each window directly keeps every value exact to the last ulp of its own window (no running drift).
  for (let i = size - 1; i < values.length; i++) {
    let sum = 0;
    for (let j = i - size + 1; j <= i; j++) sum += values[j]!;
    out[i] = sum / size;
  }
  return out;
}

/** Exponential moving average seeded with the first value (see the module note). */
export function exponentialMovingAverage(values: readonly number[], n: number): number[] {
  const alpha = 2 / (Math.max(1, n) + 1);
  const out: number[] = [];
  let prev = 0;
  values.forEach((value, i) => {
    prev = i === 0 ? value : alpha * value + (1 - alpha) * prev;
    out.push(prev);
  });
  return out;
}

export interface MacdPoint {
  dif: number;
  dea: number;
  /** 2 × (DIF − DEA): the red/green bars of Chinese terminals */
  hist: number;
}

export function macd(closes: readonly number[], fast = 12, slow = 26, signal = 9): MacdPoint[] {
  const emaFast = exponentialMovingAverage(closes, fast);
  const emaSlow = exponentialMovingAverage(closes, slow);
  const dif = closes.map((_, i) => emaFast[i]! - emaSlow[i]!);
  const dea = exponentialMovingAverage(dif, signal);
  return dif.map((d, i) => ({ dif: d, dea: dea[i]!, hist: 2 * (d - dea[i]!) }));
}
