import type { Fill, StatementEvent } from "@/lib/domain/statements/types";

/** a row that moves shares of one code: a fill or a share event, in the analysis's time order */
export interface ShareRow {
  code: string;
  /** signed change of the shares held the row stands for (buy +, sell −, 股份转出 −, 份额合并 −) */
  delta: number;
  shareBalance: number | null;
}

/** the signed share change of a fill */
export function fillDelta(f: Pick<Fill, "side" | "quantity">): number {
  return f.side === "buy" ? f.quantity : -f.quantity;
}

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
 */
export function trustedBalanceCodes(rows: readonly ShareRow[]): Set<string> {
  const trusted = new Set<string>();
  if (!rows.some((r) => r.shareBalance !== null && r.shareBalance !== 0)) return trusted;
  const chains = new Map<string, { prev: number | null; pairs: number; consistent: number; seen: boolean }>();
  for (const r of rows) {
    let c = chains.get(r.code);
    if (c === undefined) {
      c = { prev: null, pairs: 0, consistent: 0, seen: false };
      chains.set(r.code, c);
    }
    if (r.shareBalance === null) {
      c.prev = null;
      continue;
    }
    c.seen = true;
    if (c.prev !== null) {
      c.pairs++;
      if (r.shareBalance - c.prev === r.delta) c.consistent++;
    }
    c.prev = r.shareBalance;
  }
  for (const [code, c] of chains) if (c.seen && (c.pairs === 0 || c.consistent * 2 > c.pairs)) trusted.add(code);
  return trusted;
}
