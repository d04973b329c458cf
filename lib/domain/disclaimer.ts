import { DISCLAIMER_SUPPRESS_MS } from "./constants";

/**
 * SPEC §4: the risk-disclaimer bar shows when no closed timestamp is stored, or when at least
 * 7 days have passed since it. A timestamp that is not a finite number, or that lies in the future
 * (a clock that was wrong when it was stored), counts as absent, so the bar can never be hidden for good
 * by a bad value.
 */
export function shouldShowDisclaimer(closedAt: number | null, now: number): boolean {
  if (closedAt === null || !Number.isFinite(closedAt) || closedAt > now) return true;
  return now - closedAt >= DISCLAIMER_SUPPRESS_MS;
}

/** Reads the stored `disclaimerClosedTime` (milliseconds as a decimal string); anything else is null. */
export function parseClosedAt(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\d{1,16}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) ? value : null;
}
