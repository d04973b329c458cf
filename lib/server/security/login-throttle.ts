import "server-only";
import { parseAccount } from "@/lib/domain/account";
import { LOGIN_LIMITS, accountSpacingMs } from "@/lib/domain/login-throttle";
import { countAttempt, forgiveAttempt, holdOff } from "./rate-limit";

/** Large enough never to refuse: the per-account counter only measures, the spacing is the answer. */
const COUNT_ONLY = 1_000_000;

const { accountAddress, address, account: perAccount } = LOGIN_LIMITS;

/** One account however it was typed (e-mail in any case, a mobile with +86, spaces or dashes). */
function accountKey(typed: string): string {
  return parseAccount(typed)?.value ?? typed.trim().toLowerCase();
}

type Counter = readonly [name: string, key: string, points: number, windowSec: number];

/**
 * One try a second from an address on an account it has failed, and after each of its wrong passwords none at all for
 * the account's spacing. Per account and address: one address's failures never hold another back, so no stream of
 * first tries from fresh addresses can keep the owner waiting. The hold is set by the store, so parallel tries from
 * one address cannot all slip through.
 */
const SPACING = ["login-pair-spacing", 1, 1] as const;
const countSpacing = (pairKey: string) => countAttempt(SPACING[0], pairKey, SPACING[1], SPACING[2]);

export type LoginAttempt =
  | { refused: "too-many" | "too-fast"; retryAfterSec: number }
  | { refused: null; /** after the check: a right password takes its attempt back, a wrong one leaves it counted */ settle(right: boolean): Promise<void> };

const forgive = (counters: readonly Counter[]) => Promise.all(counters.map((c) => forgiveAttempt(...c))).then(() => undefined);

/**
 * Before a password is checked (lib/domain/login-throttle.ts, ADR 0070, docs/security.md): the attempt is
 * counted at once against the account and address, the address and the account, so parallel guesses each see the
 * ones before them. Refused when the pair or the address is over its limit. An address that has already failed this
 * account (or has another attempt on it in flight) must also keep the account's spacing, so guesses from a few
 * networks slow down; an address that has not failed it never waits, so the owner is never kept out.
 */
export async function beginLoginAttempt(account: string, ip: string): Promise<LoginAttempt> {
  const key = accountKey(account);
  const pairKey = `${key} ${ip}`;
  const counters: Counter[] = [
    ["login-account-ip", pairKey, accountAddress.failures, accountAddress.windowSec],
    ["login-ip", ip, address.failures, address.windowSec],
    ["login-account", key, COUNT_ONLY, perAccount.windowSec],
  ];
  const [pair, fromAddress, onAccount] = await Promise.all(counters.map((c) => countAttempt(...c)));
  const tooMany = Math.max(pair!.waitSec, fromAddress!.waitSec);
  if (tooMany > 0) {
    // a refused try is no try: it must not raise the account's count (and so its spacing) for anyone
    await forgive(counters);
    return { refused: "too-many", retryAfterSec: tooMany };
  }

  // failures on the account before this try (tries in flight included)
  const failuresBefore = onAccount!.count - 1;
  const returning = pair!.count > 1;
  if (returning && accountSpacingMs(failuresBefore) > 0) {
    const spacing = await countSpacing(pairKey);
    if (spacing.waitSec > 0) {
      await forgive(counters);
      return { refused: "too-fast", retryAfterSec: spacing.waitSec };
    }
  }
  return {
    refused: null,
    async settle(right) {
      if (right) return forgive(counters);
      const spacingMs = accountSpacingMs(failuresBefore + 1);
      if (spacingMs > 0) await holdOff(SPACING[0], pairKey, SPACING[1], SPACING[2], Math.ceil(spacingMs / 1000));
    },
  };
}
