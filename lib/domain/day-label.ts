const WEEKDAYS = "日一二三四五六";

/** `2026-11-20 周五` for a `YYYY-MM-DD` day (the DatePicker's label), without loading date-fns. */
export function dayLabel(value: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (date.getMonth() !== Number(m[2]) - 1 || date.getDate() !== Number(m[3])) return null;
  return `${value} 周${WEEKDAYS[date.getDay()]}`;
}
