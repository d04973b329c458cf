/** `YYYY-MM-DD`, `YYYY/M/D`, `YYYYMMDD` (a trailing time is ignored) → `YYYY-MM-DD`, or null if not a real date. */
export function parseBarDate(raw: string): string | null {
  const text = raw.trim().replace(/[T\s].*$/, "");
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}
