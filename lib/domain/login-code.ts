/** One-time codes: 6 digits, valid 10 minutes, single use, ended by the 5th wrong try. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_LENGTH = 6;

export interface CodeRecord {
  expiresAt: Date;
  consumedAt: Date | null;
  attempts: number;
}

export type CodeState = "active" | "expired" | "used" | "exhausted";

export function codeState(record: CodeRecord, now: Date): CodeState {
  if (record.consumedAt) return "used";
  if (record.attempts >= CODE_MAX_ATTEMPTS) return "exhausted";
  if (now >= record.expiresAt) return "expired";
  return "active";
}

/** After a wrong try: how many remain (0 ends the code). */
export function attemptsLeft(attemptsAfterThisTry: number): number {
  return Math.max(0, CODE_MAX_ATTEMPTS - attemptsAfterThisTry);
}

export function isCodeFormat(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** Formats a random integer in [0, 10^6) as a 6-digit code (leading zeros kept). */
export function formatCode(n: number): string {
  return String(n).padStart(CODE_LENGTH, "0");
}
