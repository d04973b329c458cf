import type { ColumnMap } from "@/lib/domain/statements/import/header";
import { readColumns } from "@/lib/domain/statements/import/phases/columns";
import { handleRow } from "@/lib/domain/statements/import/phases/dispatch";
import { pairHkSettlements } from "@/lib/domain/statements/import/phases/hk-settlement";
import { pairIpo } from "@/lib/domain/statements/import/phases/ipo";
import { createLookups, isSubscriptionText } from "@/lib/domain/statements/import/phases/lookups";
import { readRow } from "@/lib/domain/statements/import/phases/read-row";
import { newRepeatLog, noteRepeats } from "@/lib/domain/statements/import/phases/repeats";
import { pairRepos } from "@/lib/domain/statements/import/phases/repo";
import type { ImportState, ProcessOptions, ProcessResult } from "@/lib/domain/statements/import/phases/state";
import { mergeSplitSubscriptions } from "@/lib/domain/statements/import/phases/subscriptions";
import { checkCash, dropZeroShareBalances, feeBasisOf, noteEventKinds, noteFees } from "@/lib/domain/statements/import/phases/summary";
import { WarningLog } from "@/lib/domain/statements/import/phases/warnings";
import type { RawRow } from "@/lib/domain/statements/import/table";
import { StatementRejected, type ImportLimits } from "@/lib/domain/statements/types";

export type { ProcessOptions, ProcessResult, SecurityId } from "@/lib/domain/statements/import/phases/state";

/**
 * Data rows → fills, events and skipped rows (research A.8), with the file-level checks: 发生金额 against 成交金额 and
 * fees, and the running 资金余额. The phases (ADR 0058), over one ImportState:
 * 1. readRow: each line's cells into a Row (phases/read-row), a repeated row once (phases/repeats);
 * 2. handleRow: each Row into a fill, an event or a skipped row; IPO and subscription-code rows wait (phases/dispatch);
 * 3. the waiting rows: split subscriptions merged, payments and arrivals of new shares paired (phases/ipo), 港股通
 *    settlement rows paired with their trade rows (phases/hk-settlement), a repo's lending and repurchase rows made
 *    one event (phases/repo);
 * 4. whole-file checks and notes: share balances, fees, signs and balances, event kinds (phases/summary).
 */

/** Rows between two looks at the clock. */
export const CLOCK_EVERY = 512;

function timeout(limits: ImportLimits, rows: number): StatementRejected {
  return new StatementRejected(
    "timeout",
    "读取交割单超时，文件可能过大或格式异常。请缩短导出的时间范围后重试。",
    `reading exceeded ${limits.timeLimitMs} ms after ${rows} data rows`,
  );
}

function tooManyRows(limits: ImportLimits): StatementRejected {
  return new StatementRejected(
    "too_many_rows",
    `交割单行数过多（超过 ${limits.maxRows.toLocaleString("en-US")} 行）。请按年份分开导出后再上传。`,
    `more than ${limits.maxRows} data rows`,
  );
}

function initialState(map: ColumnMap): ImportState {
  return {
    columns: readColumns(map),
    lookups: createLookups(),
    warn: new WarningLog(),
    rowCount: 0,
    deferred: [],
    fills: [],
    events: [],
    skipped: [],
    unreconciled: [],
    payments: [],
    arrivals: [],
    allotmentPayments: [],
    feeRows: { merged: 0, total: 0, separate: 0, readings: new Map() },
    balanceRows: { lines: [], nets: [], balances: [] },
    signChecks: { lines: [], buys: [], flipped: [] },
    hkSettlements: [],
    repeats: newRepeatLog(),
  };
}

/** Phases 1 and 2, row by row, under the time and row limits. */
function readRows(state: ImportState, rows: Iterable<RawRow>, { limits, clock, startedAt }: ProcessOptions): void {
  let seen = 0;
  for (const raw of rows) {
    if (seen % CLOCK_EVERY === 0 && clock() - startedAt > limits.timeLimitMs) throw timeout(limits, state.rowCount);
    seen += 1;
    const row = readRow(state, raw);
    if (row === null) continue;
    if (state.rowCount > limits.maxRows) throw tooManyRows(limits);
    // IPO and subscription-code rows wait for the whole file (pairing, split rows); the rest is read right away.
    const type = row.classified.type;
    if (type === "ipo_payment" || type === "ipo_arrival" || isSubscriptionText(state.lookups, row.codeText)) state.deferred.push(row);
    else handleRow(state, row);
  }
}

export function processRows(map: ColumnMap, rows: Iterable<RawRow>, options: ProcessOptions): ProcessResult {
  const state = initialState(map);
  readRows(state, rows, options);
  for (const row of mergeSplitSubscriptions(state.deferred, state.warn)) handleRow(state, row);
  pairIpo(state);
  pairHkSettlements(state);
  pairRepos(state);
  dropZeroShareBalances(state);
  noteFees(state);
  checkCash(state);
  noteEventKinds(state);
  noteRepeats(state);
  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  state.fills.sort(byLine);
  state.events.sort(byLine);
  state.skipped.sort(byLine);
  const { rowCount, fills, events, skipped, unreconciled } = state;
  return { rowCount, fills, events, skipped, warnings: state.warn.finish(), feeBasis: feeBasisOf(state), unreconciled };
}
