import type { StatementEvent } from "@/lib/domain/statements/types";

/** the signed share change of a share event (bonus_shares, shares_in, shares_out, share_adjust) */
export function eventDelta(e: Pick<StatementEvent, "kind" | "quantity">): number {
  if (e.kind === "shares_out") return -Math.abs(e.quantity);
  if (e.kind === "share_adjust") return e.quantity;
  return Math.abs(e.quantity);
}

/**
 * The codes whose share-balance column (股份余额, 后证券额, 剩余数量 …) can be believed: the column is not 0 on every
 * row of the file (a scrubbed sample), and between neighbouring rows of the code that both state a balance, the
 * balance moves by the row's quantity on more than half of them (a code with a single stated balance is believed).
 * Rows are fed in the analysis's time order with `add`; nothing per row is kept but the code's running chain.
 */
export class BalanceTrust {
  private readonly chains = new Map<string, { prev: number | null; pairs: number; consistent: number; seen: boolean }>();
  private anyNonZero = false;

  add(code: string, delta: number, shareBalance: number | null): void {
    let c = this.chains.get(code);
    if (c === undefined) {
      c = { prev: null, pairs: 0, consistent: 0, seen: false };
      this.chains.set(code, c);
    }
    if (shareBalance === null) {
      c.prev = null;
      return;
    }
    if (shareBalance !== 0) this.anyNonZero = true;
    c.seen = true;
    if (c.prev !== null) {
      c.pairs++;
      if (shareBalance - c.prev === delta) c.consistent++;
    }
    c.prev = shareBalance;
  }

  trusted(): Set<string> {
    const trusted = new Set<string>();
    if (!this.anyNonZero) return trusted;
    for (const [code, c] of this.chains) if (c.seen && (c.pairs === 0 || c.consistent * 2 > c.pairs)) trusted.add(code);
    return trusted;
  }
}
