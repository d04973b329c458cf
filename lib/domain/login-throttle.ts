/**
 * How wrong passwords are limited (ADR 0029, promise P10; docs/security.md). Every attempt is counted before its
 * password is checked, and a right password takes its attempt back. Refusals are per account *and* address and per
 * address, so an attacker's guesses from one network never lock the owner out of the others. Per account, from every
 * network together, guesses are spaced: after the free failures, an address that has failed the account may try
 * again only once per spacing (answered at once with 429 and Retry-After otherwise, never by holding the request). An
 * address that has not failed the account is never spaced, so the owner logs in at once. Code login has its own
 * limits and is never touched by these.
 */
export const LOGIN_LIMITS = {
  /** Wrong passwords for one account from one address: then 429 for that pair until the window ends. */
  accountAddress: { failures: 5, windowSec: 15 * 60 },
  /** Wrong passwords from one address, any accounts (unknown ones alike): then 429 for that address. */
  address: { failures: 30, windowSec: 60 * 60 },
  /** Wrong passwords for one account from anywhere: the first ones free, then the spacing between tries grows. */
  account: { windowSec: 15 * 60, freeFailures: 5, firstDelayMs: 1_000, maxDelayMs: 10_000 },
} as const;

/** The least time between tries on an account from an address that has failed it, given the account's failures in its window: 0, then 1 s, 2 s, 4 s, 8 s, 10 s at most. */
export function accountSpacingMs(recentFailures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = LOGIN_LIMITS.account;
  if (!(recentFailures >= freeFailures)) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(recentFailures - freeFailures, 30));
}
