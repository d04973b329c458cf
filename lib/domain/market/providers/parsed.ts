/** One item of an outside answer: a value, or the precise reason it was rejected (never a NaN passed on). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export function accept<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function reject<T>(reason: string): Parsed<T> {
  return { ok: false, reason };
}

/** A finite number from what an API wrote (a JSON number or a numeric string); null for anything else. */
export function finiteNumber(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== "string" || !/^\s*-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** `value` rounded half away from zero to `digits` decimals; the nudge keeps 1.005 (stored as 1.00499…) at 1.01. */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  const rounded = Math.round(Math.abs(value) * factor + 1e-7) / factor;
  return value < 0 ? -rounded : rounded;
}

export interface RawPrices {
  open: unknown;
  high: unknown;
  low: unknown;
  close: unknown;
}

/** Open/high/low/close as positive numbers with low ≤ open, close ≤ high; or why not. */
export function checkedPrices(raw: RawPrices): Parsed<{ open: number; high: number; low: number; close: number }> {
  const prices = { open: finiteNumber(raw.open), high: finiteNumber(raw.high), low: finiteNumber(raw.low), close: finiteNumber(raw.close) };
  for (const [name, value] of Object.entries(prices)) {
    if (value === null) return reject(`${name} is not a number: ${JSON.stringify((raw as unknown as Record<string, unknown>)[name])}`);
    if (value <= 0) return reject(`${name} is not positive: ${value}`);
  }
  const { open, high, low, close } = prices as { open: number; high: number; low: number; close: number };
  if (high < Math.max(open, close, low) || low > Math.min(open, close)) {
    return reject(`prices are inconsistent: open ${open}, high ${high}, low ${low}, close ${close}`);
  }
  return accept({ open, high, low, close });
}
