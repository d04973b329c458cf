/**
 * Lists of `YYYY-MM-DD` days as one short string, for props that travel to the browser in a page's payload: React
 * serialises (and the browser revives) every array element on its own, so 150 days as an array cost 150 values on
 * every request, and as `2026-10-29,-2,-1,-3` one. The first day is written out; each later one is its distance in
 * days from the one before (negative for a list that runs newest first).
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Calendar arithmetic without Date objects (H. Hinnant's days_from_civil / civil_from_days): a page packs a few
// hundred days per request, and Date.parse + toISOString cost a microsecond each.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function civilFromDays(days: number): [year: number, month: number, day: number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** Day number since 1970-01-01 of a real `YYYY-MM-DD` day, or null (2026-02-30 is not one). */
function dayNumber(text: string): number | null {
  const m = ISO_DAY.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const n = daysFromCivil(year, month, day);
  const [y, mo, d] = civilFromDays(n);
  return y === year && mo === month && d === day ? n : null;
}

function dayText(n: number): string {
  const [year, month, day] = civilFromDays(n);
  if (year < 0 || year > 9999) throw new RangeError(`packed days: day ${n} is outside the years 0000–9999`);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Writes days one after another: the first in full, each later one as its distance from the previous. */
export class DayWriter {
  private previous: number | null = null;

  write(day: string): string {
    const n = dayNumber(day);
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
    const n = ISO_DAY.test(token) ? dayNumber(token) : this.previous === null ? null : this.previous + Number(token);
    if (n === null || !Number.isInteger(n)) throw new RangeError(`packed days: cannot read “${token}”`);
    this.previous = n;
    return dayText(n);
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
