/**
 * Lists of `YYYY-MM-DD` days as one short string, for props that travel to the browser in a page's payload: React
 * serialises (and the browser revives) every array element on its own, so 150 days as an array cost 150 values on
 * every request, and as `2026-10-29,-2,-1,-3` one. The first day is written out; each later one is its distance in
 * days from the one before (negative for a list that runs newest first).
 */
import { isoDayNumber, isoDayText } from "./iso-day";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Writes days one after another: the first in full, each later one as its distance from the previous. */
export class DayWriter {
  private previous: number | null = null;

  write(day: string): string {
    const n = isoDayNumber(day);
    if (n === null) throw new RangeError(`packed days: “${day}” is not a YYYY-MM-DD day`);
    const token = this.previous === null ? day : String(n - this.previous);
    this.previous = n;
    return token;
  }
}

/** Reads what a DayWriter wrote, in the same order. */
export class DayReader {
  private previous: number | null = null;

  read(token: string): string {
    const n = ISO_DAY.test(token) ? isoDayNumber(token) : this.previous === null ? null : this.previous + Number(token);
    if (n === null || !Number.isInteger(n)) throw new RangeError(`packed days: cannot read “${token}”`);
    this.previous = n;
    return isoDayText(n);
  }
}

export function packDays(days: readonly string[]): string {
  const writer = new DayWriter();
  return days.map((day) => writer.write(day)).join(",");
}

export function unpackDays(text: string): string[] {
  if (text === "") return [];
  const reader = new DayReader();
  return text.split(",").map((token) => reader.read(token));
}
