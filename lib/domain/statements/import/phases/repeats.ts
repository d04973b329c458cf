import { stripCell } from "@/lib/domain/statements/import/cells";
import type { Classified } from "@/lib/domain/statements/import/classify";
import type { Columns } from "@/lib/domain/statements/import/phases/columns";
import type { ImportState } from "@/lib/domain/statements/import/phases/state";

/**
 * Phase 1, per line: a block of rows pasted into the file again (docs/adr/0072). A row
 * equal in every cell the reader uses, and in its order and fill numbers, to an earlier one is the same fill written
 * twice when something in it could only be equal by repetition: its fill number (成交编号), or a running balance
 * (资金余额, 股份余额), which a real second fill would have moved. Without either, two equal trades may be two real
 * fills (a 200-share order filled as two 100-share fills at one price): both are kept and the file says so.
 */

export interface RepeatLog {
  /** the first line of each row written so far, by the hash of its cells */
  readonly firstLine: Map<number, number>;
  /** rows dropped as repeats */
  dropped: number;
  /** equal trades kept, for want of anything that tells them apart */
  indistinct: number;
}

export const newRepeatLog = (): RepeatLog => ({ firstLine: new Map(), dropped: 0, indistinct: 0 });

/** Fill numbers are unique per fill; order numbers (委托编号, 合同编号) are shared by the fills of one order. */
const FILL_ID = ["成交编号"];
const ORDER_ID = ["委托编号", "合同编号"];

export interface IdColumns {
  fill: number | undefined;
  order: number | undefined;
}

export function idColumns(names: readonly string[]): IdColumns {
  const at = (candidates: string[]) => {
    for (const name of candidates) {
      const i = names.indexOf(name);
      if (i >= 0) return i;
    }
    return undefined;
  };
  return { fill: at(FILL_ID), order: at(ORDER_ID) };
}

const cell = (cells: readonly string[], at: number | undefined) => (at === undefined ? "" : stripCell(cells[at] ?? ""));

/** Two 32-bit FNV-1a hashes over `text`, continued from `h` (a pair: [first, second]). */
function mix(h: [number, number], text: string): void {
  let [a, b] = h;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  // a separator, so that ["ab", "c"] and ["a", "bc"] differ
  h[0] = Math.imul(a ^ 0x1f, 0x01000193);
  h[1] = Math.imul(b ^ 0x1f, 0x5bd1e995);
}

/**
 * What makes a row what it is — every used cell, its fill and order numbers — as a 53-bit hash: a string per row
 * cost 110 MB and half a second on 100,000 rows. Two different rows of one file share a key with odds of about
 * one in 10^15 per pair of rows.
 */
function keyOf(columns: Columns, cells: readonly string[]): number {
  const h: [number, number] = [0x811c9dc5, 0x9747b28c];
  mix(h, cell(cells, columns.ids.fill));
  mix(h, cell(cells, columns.ids.order));
  for (const at of columns.used) mix(h, cells[at] ?? "");
  return (h[0] >>> 0) * 0x200000 + (h[1] >>> 11);
}

/** Whether the row carries something a real second fill could not repeat: a fill number or a running balance. */
function onlyRepeatable(columns: Columns, cells: readonly string[]): boolean {
  if (cell(cells, columns.ids.fill) !== "") return true;
  if (columns.balanceColumns.some((b) => (cells[b.index] ?? "") !== "")) return true;
  return columns.fields.shareBalance !== undefined && (cells[columns.fields.shareBalance] ?? "") !== "";
}

/**
 * Whether the line repeats an earlier one and is to be dropped (listed as a row not read, with the line it repeats).
 * Equal trades that nothing tells apart are kept, counted for the note.
 */
export function isRepeatedRow(state: ImportState, line: number, cells: readonly string[], classified: Classified): boolean {
  const { columns, repeats } = state;
  const key = keyOf(columns, cells);
  const first = repeats.firstLine.get(key);
  if (first === undefined) {
    repeats.firstLine.set(key, line);
    return false;
  }
  if (onlyRepeatable(columns, cells)) {
    repeats.dropped += 1;
    state.skipped.push({ line, reason: `与第 ${first} 行完全相同（成交编号或余额相同），是重复的一份，只计一次` });
    return true;
  }
  if (classified.type === "trade") {
    repeats.indistinct += 1;
    state.warn.add("与前面的成交完全相同的行", `第 ${line} 行与第 ${first} 行完全相同，文件里没有成交编号或余额能区分，两行都已计入；如是重复粘贴，请删去一份后重新上传。`);
  }
  return false;
}

/** The file-level note on repeats (phase 4). */
export function noteRepeats(state: ImportState): void {
  const { dropped } = state.repeats;
  if (dropped > 0) state.warn.note(`有 ${dropped} 行与前面的行完全相同（同一成交编号或同一余额，是重复粘贴的），每笔只计一次。`);
}
