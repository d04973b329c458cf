import type { ImportState } from "@/lib/domain/statements/import/phases/state";
import { yuan } from "@/lib/domain/statements/import/phases/warnings";
import type { StatementEvent } from "@/lib/domain/statements/types";

/** The row that brings the cash back: named so (购回, 到期), or cash coming in on a row not named as the lending. */
function isRepurchase(event: StatementEvent): boolean {
  return /购回|到期/.test(event.raw) || (event.amount > 0 && !/融券回购|拆出/.test(event.raw));
}

/**
 * A reverse repo (逆回购: GC001/204xxx, R-001/1318xx) is written as two rows: the 融券 row that lends the cash and the
 * 购回 row that brings it back with the interest. Both are one event (docs/adr/0076): the lending row's day, code and
 * quantity (in 张 or 手, as the broker writes it), and as its cash what the two leave: the interest, net of fees;
 * the repurchase row stays as a row read into it (`ignore`, cash 0), so every row of the file is still accounted for.
 * A row of either kind without its partner in the file stays an event of its own.
 */
export function pairRepos(state: ImportState): void {
  const repos = state.events.filter((e) => e.kind === "repo" && e.code !== null).sort((a, b) => a.line - b.line);
  if (repos.length < 2) return;
  const waiting = new Map<string, StatementEvent[]>();
  let interest = 0;
  let pairs = 0;
  for (const event of repos) {
    const key = `${event.code}|${event.quantity}`;
    if (!isRepurchase(event)) {
      const list = waiting.get(key);
      if (list) list.push(event);
      else waiting.set(key, [event]);
      continue;
    }
    const list = waiting.get(key);
    const lend = list?.[0];
    if (!list || !lend || lend.date > event.date) continue;
    list.shift();
    // magnitudes: some files write both rows' cash unsigned
    const cents = Math.round(Math.abs(event.amount) * 100) - Math.round(Math.abs(lend.amount) * 100);
    lend.amount = cents / 100;
    lend.raw = `${lend.raw}（第${event.line}行${event.raw}）`;
    // the repurchase row stays, as a row read into the lending one (its cash is there)
    event.kind = "ignore";
    event.amount = 0;
    event.raw = `${event.raw}（并入第${lend.line}行逆回购）`;
    interest += cents;
    pairs += 1;
  }
  if (pairs === 0) return;
  state.warn.note(`${pairs} 笔逆回购的融券和购回两行合为一笔，利息（扣除费用）合计 ${yuan(interest / 100)} 元。`);
}
