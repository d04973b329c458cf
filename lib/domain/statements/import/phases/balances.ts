import { fenToYuan } from "@/lib/domain/statements/import/cells";
import type { BalanceColumn } from "@/lib/domain/statements/import/phases/columns";
import type { BalanceRows } from "@/lib/domain/statements/import/phases/state";
import { yuan, type WarningLog } from "@/lib/domain/statements/import/phases/warnings";

/**
 * Running balance: each row's balance should be the previous row's plus its 发生金额 (1 fen tolerance). Files listed
 * newest first are checked the other way round. An ambiguous 余额 / 本次金额 column counts as the cash balance only
 * when it behaves like one (at most 20% of the steps break), since in some layouts it is the share balance.
 */
export function checkBalances(
  columns: readonly BalanceColumn[],
  rows: BalanceRows,
  warn: WarningLog,
  cashName: string,
): number {
  type Break = { line: number; prev: number; net: number; balance: number };
  // the chain of a column: the rows that carry a balance, as parallel arrays (no object per row)
  let lines: number[] = [];
  let balances: number[] = [];
  let nets: number[] = [];
  const chainOf = (k: number): void => {
    lines = [];
    balances = [];
    nets = [];
    for (let i = 0; i < rows.lines.length; i += 1) {
      const balance = rows.balances[i * columns.length + k];
      // a 0 balance on a row that moves no cash (交收资金冻结 …) is a blank, not a balance
      if (balance !== null && balance !== undefined && !(balance === 0 && rows.nets[i] === 0)) {
        lines.push(rows.lines[i] as number);
        balances.push(balance);
        nets.push(rows.nets[i] as number);
      }
    }
  };
  const breaksForward = (i: number) => Math.abs((balances[i - 1] as number) + (nets[i] as number) - (balances[i] as number)) > 1;
  const breaksBackward = (i: number) => Math.abs((balances[i] as number) + (nets[i - 1] as number) - (balances[i - 1] as number)) > 1;
  /** the breaks of the reading (oldest first or newest first) with fewer of them; counted before any is listed */
  const breaksOf = (): Break[] => {
    let forwardCount = 0;
    let backwardCount = 0;
    for (let i = 1; i < lines.length; i += 1) {
      if (breaksForward(i)) forwardCount += 1;
      if (breaksBackward(i)) backwardCount += 1;
    }
    const backward = backwardCount < forwardCount;
    const breaks: Break[] = [];
    for (let i = 1; i < lines.length; i += 1) {
      if (backward) {
        if (breaksBackward(i)) breaks.push({ line: lines[i - 1] as number, prev: balances[i] as number, net: nets[i - 1] as number, balance: balances[i - 1] as number });
      } else if (breaksForward(i)) {
        breaks.push({ line: lines[i] as number, prev: balances[i - 1] as number, net: nets[i] as number, balance: balances[i] as number });
      }
    }
    return breaks;
  };
  for (let k = 0; k < columns.length; k += 1) {
    const column = columns[k] as (typeof columns)[number];
    chainOf(k);
    if (balances.every((balance) => balance === 0)) continue; // a scrubbed sample: 0 on every row is no balance
    const breaks = breaksOf();
    if (column.ambiguous && (lines.length < 3 || breaks.length > (lines.length - 1) * 0.2)) continue;
    for (const b of breaks) {
      warn.add(
        "资金余额对不上",
        `第${b.line}行：${column.name} ${yuan(fenToYuan(b.balance))} 不等于上一笔余额 ${yuan(fenToYuan(b.prev))} 加${cashName} ${yuan(fenToYuan(b.net))}（差 ${yuan(fenToYuan(b.balance - b.prev - b.net))}），可能缺少记录。`,
      );
    }
    return k;
  }
  return -1;
}

