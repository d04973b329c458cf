import { isoDayNumber } from "@/lib/domain/iso-day";

/** `20240208` → `2024-02-08`; null when it is not a real day written as eight digits. */
export function isoFromCompact(raw: unknown): string | null {
  const text = typeof raw === "number" && Number.isInteger(raw) ? String(raw) : raw;
  if (typeof text !== "string" || !/^\d{8}$/.test(text)) return null;
  const iso = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
  return isoDayNumber(iso) === null ? null : iso;
}

/** `2024-02-08` → `20240208` (the form both providers take in their requests). */
export function compactFromIso(iso: string): string {
  if (isoDayNumber(iso) === null) throw new RangeError(`not a YYYY-MM-DD day: "${iso}"`);
  return iso.replaceAll("-", "");
}

/** `2024-02-08` when it is a real day written so; null otherwise. */
export function checkedIsoDay(raw: unknown): string | null {
  return typeof raw === "string" && isoDayNumber(raw) !== null ? raw : null;
}
