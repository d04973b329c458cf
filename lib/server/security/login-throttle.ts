import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { parseAccount } from "@/lib/domain/account";
import { LOGIN_LIMITS, accountDelayMs } from "@/lib/domain/login-throttle";
import { blockedFor, failuresOf, recordFailure } from "./rate-limit";

/** Large enough never to refuse: the per-account counter only measures, the delay is the answer. */
const COUNT_ONLY = 1_000_000;

const { accountAddress, address, account: perAccount } = LOGIN_LIMITS;

/** One account however it was typed (e-mail in any case, a mobile with +86, spaces or dashes). */
function accountKey(typed: string): string {
  return parseAccount(typed)?.value ?? typed.trim().toLowerCase();
}

export type LoginThrottle = { refusedForSec: number } | { delayMs: number };

/** Before a password is checked: refused (seconds to wait) for this account and address or this address, else how long to hold the answer. */
export async function loginThrottle(account: string, ip: string): Promise<LoginThrottle> {
  const key = accountKey(account);
  const waits = await Promise.all([
    blockedFor("login-account-ip", `${key} ${ip}`, accountAddress.failures, accountAddress.windowSec),
    blockedFor("login-ip", ip, address.failures, address.windowSec),
  ]);
  const refusedForSec = Math.max(...waits);
  if (refusedForSec > 0) return { refusedForSec };
  return { delayMs: accountDelayMs(await failuresOf("login-account", key, COUNT_ONLY, perAccount.windowSec)) };
}

/** Counts a wrong password against the account and address, the address, and the account. */
export async function recordLoginFailure(account: string, ip: string): Promise<void> {
  const key = accountKey(account);
  await Promise.all([
    recordFailure("login-account-ip", `${key} ${ip}`, accountAddress.failures, accountAddress.windowSec),
    recordFailure("login-ip", ip, address.failures, address.windowSec),
    recordFailure("login-account", key, COUNT_ONLY, perAccount.windowSec),
  ]);
}

/** Holds the answer for the account's delay (the same for a right and a wrong password, so it tells nothing). */
export async function holdLoginAnswer(delayMs: number): Promise<void> {
  if (delayMs > 0) await sleep(delayMs);
}
