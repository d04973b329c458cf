/**
 * Small numeric helpers for the metrics engine (pure, no I/O). Missing values — null, NaN and ±Infinity — are skipped
 * the way numpy's nan* functions skip NaN.
 */

/** A usable observation: a finite number. */
export function isPresent(x: number | null | undefined): x is number {
  return typeof x === "number" && Number.isFinite(x);
}

/** The finite values, in order. */
export function presentValues(values: readonly (number | null)[]): number[] {
  const out: number[] = [];
  for (const v of values) if (isPresent(v)) out.push(v);
  return out;
}

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/**
 * Standard deviation with `ddof` (numpy's convention: divide by n − ddof); NaN when n − ddof ≤ 0.
 * A series whose values are all equal has a standard deviation of exactly 0 (no rounding noise), so that a flat line
 * gives an infinite Sharpe ratio as empyrical's does.
 */
export function std(xs: readonly number[], ddof: number): number {
  const n = xs.length;
  if (n - ddof <= 0) return NaN;
  if (xs.every((x) => x === xs[0])) return 0;
  const m = mean(xs);
  let ss = 0;
  for (const x of xs) ss += (x - m) * (x - m);
  return Math.sqrt(ss / (n - ddof));
}

/**
 * Population (biased) skewness and kurtosis — scipy.stats.skew / kurtosis(fisher=False) with their defaults; the
 * kurtosis is the raw one (3 for a normal distribution). NaN for fewer than 2 values or a zero variance.
 */
export function moments(xs: readonly number[]): { skewness: number; kurtosis: number } {
  const n = xs.length;
  if (n < 2 || std(xs, 0) === 0) return { skewness: NaN, kurtosis: NaN };
  const m = mean(xs);
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const x of xs) {
    const d = x - m;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  return { skewness: m3 / Math.pow(m2, 1.5), kurtosis: m4 / (m2 * m2) };
}

/** Hart 5666's rational function for the tail, coefficients from the highest power down */
const CDF_NUMERATOR = [
  3.52624965998911e-2, 0.700383064443688, 6.37396220353165, 33.912866078383, 112.079291497871, 221.213596169931,
  220.206867912376,
];
const CDF_DENOMINATOR = [
  8.83883476483184e-2, 1.75566716318264, 16.064177579207, 86.7807322029461, 296.564248779674, 637.333633378831,
  793.826512519948, 440.413735824752,
];

/** the polynomial with these coefficients (highest power first) at x, by Horner's rule */
function horner(coefficients: readonly number[], x: number): number {
  let value = 0;
  for (const c of coefficients) value = value * x + c;
  return value;
}

/**
 * The standard normal cumulative distribution Φ(x), to about 1e-15 absolute: Hart's algorithm 5666 as given by
 * G. West, "Better approximations to cumulative normal functions" (2005). Φ(NaN) = NaN, Φ(±∞) = 1 / 0.
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const ax = Math.abs(x);
  let tail: number;
  if (ax > 37) {
    tail = 0;
  } else {
    const e = Math.exp((-ax * ax) / 2);
    if (ax < 7.07106781186547) {
      tail = (e * horner(CDF_NUMERATOR, ax)) / horner(CDF_DENOMINATOR, ax);
    } else {
      let b = ax + 0.65;
      b = ax + 4 / b;
      b = ax + 3 / b;
      b = ax + 2 / b;
      b = ax + 1 / b;
      tail = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}
