/**
 * How wrong passwords are limited (ADR 0029, promise P10). Refusals are per account *and* address and per address,
 * so an attacker's guesses from one network never lock the owner out of the others; per account, from every
 * network together, the answers only slow down, by a growing delay with an upper bound (a delay, not a lock).
 * Code login has its own limits and is never touched by these.
 */
export const LOGIN_LIMITS = {
  /** Wrong passwords for one account from one address: then 429 for that pair until the window ends. */
  accountAddress: { failures: 5, windowSec: 15 * 60 },
  /** Wrong passwords from one address, any accounts (unknown ones alike): then 429 for that address. */
  address: { failures: 30, windowSec: 60 * 60 },
  /** Wrong passwords for one account from anywhere: the first ones free, then each answer waits longer. */
  account: { windowSec: 15 * 60, freeFailures: 5, firstDelayMs: 1_000, maxDelayMs: 10_000 },
} as const;

/** The wait before a password is checked, given the account's wrong passwords in its window: 0, then 1 s, 2 s, 4 s, 8 s, 10 s at most. */
export function accountDelayMs(recentFailures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = LOGIN_LIMITS.account;
  if (!(recentFailures >= freeFailures)) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(recentFailures - freeFailures, 30));
}
