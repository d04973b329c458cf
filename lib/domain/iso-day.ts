/** `YYYY-MM-DD` days as whole numbers of days since 1970-01-01 and back, for day arithmetic without time zones. */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a real `YYYY-MM-DD` day (years 0000–9999), or null: 2026-02-30 and 2026-2-3 are not. */
export function isoDayNumber(text: string): number | null {
  const m = ISO_DAY.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC: it reads years 0–99 as 1900–1999
  return date.getUTCDate() === day ? date.getTime() / MS_PER_DAY : null;
}

/** The `YYYY-MM-DD` of a day number; a day outside the years 0000–9999 has none and throws. */
export function isoDayText(dayNumber: number): string {
  const text = new Date(dayNumber * MS_PER_DAY).toISOString();
  if (!Number.isInteger(dayNumber) || text.length !== 24) throw new RangeError(`day ${dayNumber} is not a day of the years 0000–9999`);
  return text.slice(0, 10);
}
