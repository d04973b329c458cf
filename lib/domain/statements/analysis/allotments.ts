import type { Exchange } from "@/lib/domain/market/types";
import type { StatementEvent } from "@/lib/domain/statements/types";
import { toFen } from "./money";

/** the rows of one subscription code (配债 / 中签 / 缴款 / 扣款 / 回冲) until its shares list under their own code */
export interface AllotmentGroup {
  code: string;
  exchange: Exchange;
  name: string;
  /**
   * the largest quantity any of its rows states (a 中签 row and its 缴款 row repeat the same shares), less the shares
   * of refund rows (申购返款: negative quantity, cash back)
   */
  quantity: number;
  /** shares given back by refund rows */
  refunded: number;
  /** cash paid net of refunds, fen */
  costFen: number;
  date: string;
  line: number;
  joined: boolean;
}

/** what some files write in the name column instead of the security's name: the business (新增证券) or the code */
const STAND_IN_NAMES = /^(新增证券|新股入帐|新股入账|\d*)$/;

/** true when the name column holds a stand-in (新增证券, or the code again), not the security's name */
export function isStandInName(name: string): boolean {
  return STAND_IN_NAMES.test(name.trim());
}

/** first two characters of a name: 豪美发债 and 豪美转债 are one issue */
export function nameStem(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join("");
}

export class Allotments {
  readonly groups: AllotmentGroup[] = [];
  private readonly openByCode = new Map<string, AllotmentGroup>();
  private readonly peak = new Map<AllotmentGroup, number>();

  add(e: StatementEvent, code: string): void {
    let g = this.openByCode.get(code);
    if (g === undefined) {
      g = { code, exchange: e.exchange ?? "SZ", name: e.name, quantity: 0, refunded: 0, costFen: 0, date: e.date, line: e.line, joined: false };
      this.peak.set(g, 0);
      this.groups.push(g);
      this.openByCode.set(code, g);
    }
    if (e.quantity < 0 && e.amount > 0) g.refunded += -e.quantity;
    else this.peak.set(g, Math.max(this.peak.get(g)!, Math.abs(e.quantity)));
    g.quantity = Math.max(0, this.peak.get(g)! - g.refunded);
    g.costFen -= toFen(e.amount);
    if (!g.name && e.name) g.name = e.name;
  }

  /**
   * The earliest open group that lists as `code` on `date`: a code of the same exchange, the same name stem and the
   * same quantity, allotted on or before that date (a row named only 新增证券, or by its code, matches on quantity and
   * exchange). It is consumed (joined) when found.
   */
  join(code: string, exchange: Exchange, name: string, quantity: number, date: string): AllotmentGroup | null {
    // 海通 writes the arrival as 新增证券 in the name column, 中信 sometimes the code: no stem to compare, quantity and
    // exchange decide
    const stem = isStandInName(name) ? null : nameStem(name);
    for (const g of this.groups) {
      // the same code too: a 北交所 subscription uses the listing code
      if (g.joined || g.exchange !== exchange || g.quantity !== quantity || g.date > date) continue;
      if (stem !== null && nameStem(g.name) !== stem) continue;
      g.joined = true;
      this.openByCode.delete(g.code);
      return g;
    }
    return null;
  }

  /** groups that never listed in the file: shares allotted or cash paid (a fully refunded subscription is dropped) */
  pending(): AllotmentGroup[] {
    return this.groups.filter((g) => !g.joined && (g.quantity > 0 || g.costFen > 0));
  }

  /** an open group on `code`: rows of a subscription code that are booked as share moves belong to it */
  has(code: string): boolean {
    return this.openByCode.has(code);
  }
}
