import { unzipSync, type UnzipFileInfo } from "fflate";
import { StatementRejected, type ImportLimits } from "@/lib/domain/statements/types";
import type { RawRow } from "@/lib/domain/statements/import/table";

/**
 * A minimal SpreadsheetML reader: enough of .xlsx to get every sheet's cells as text (shared strings, inline strings,
 * numbers, booleans). Sizes are checked from the zip central directory before anything is inflated.
 */

export interface XlsxSheet {
  name: string;
  rows: RawRow[];
}

/** Entries smaller than this are never a bomb, whatever their ratio (tiny XML parts compress very well). */
const RATIO_FLOOR_BYTES = 64 * 1024;
/** Columns past this are ignored (a sheet of trades never has that many). */
const MAX_COLUMNS = 256;

function badXlsx(detail: string): StatementRejected {
  return new StatementRejected(
    "bad_xlsx",
    "这个 .xlsx 文件已损坏或不是有效的 Excel 文件。请用 Excel 或 WPS 打开后重新另存为 .xlsx，或导出为文本文件后再上传。",
    detail,
  );
}

function tooManyEntries(limit: number): StatementRejected {
  return new StatementRejected(
    "zip_bomb",
    `这个 .xlsx 文件包含的内部文件过多（超过 ${limit} 个），无法读取。请只导出交割单本身，或导出为文本文件后再上传。`,
    `xlsx holds more than ${limit} zip entries`,
  );
}

/** The central directory's entries, stopping at the first one past `maxEntries` (nothing is inflated here). */
function listEntries(bytes: Uint8Array, maxEntries: number): UnzipFileInfo[] {
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (info) => {
        entries.push(info);
        if (entries.length > maxEntries) throw tooManyEntries(maxEntries);
        return false;
      },
    });
  } catch (error) {
    if (error instanceof StatementRejected) throw error;
    throw badXlsx(`zip central directory unreadable: ${error instanceof Error ? error.message : String(error)}`);
  }
  return entries;
}

/** Refuses a zip bomb from the declared entry count and sizes alone: nothing has been inflated yet. */
export function checkZipSizes(entries: readonly UnzipFileInfo[], limits: ImportLimits): void {
  if (entries.length > limits.maxXlsxEntries) throw tooManyEntries(limits.maxXlsxEntries);
  let total = 0;
  for (const entry of entries) {
    total += entry.originalSize;
    if (total > limits.maxXlsxUncompressedBytes) {
      throw new StatementRejected(
        "zip_bomb",
        "这个 .xlsx 文件解压后过大，无法读取。请只导出交割单本身，或导出为文本文件后再上传。",
        `xlsx declares more than ${limits.maxXlsxUncompressedBytes} uncompressed bytes in total (reached ${total} at ${entry.name})`,
      );
    }
    if (entry.originalSize >= RATIO_FLOOR_BYTES && entry.originalSize > limits.maxXlsxRatio * Math.max(entry.size, 1)) {
      throw new StatementRejected(
        "zip_bomb",
        "这个 .xlsx 文件的压缩比异常，可能是恶意文件，已拒绝读取。",
        `xlsx entry ${entry.name} declares ${entry.originalSize} bytes from ${entry.size} compressed (ratio above ${limits.maxXlsxRatio})`,
      );
    }
  }
}

const XML_ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : "";
}

export function decodeXmlText(text: string): string {
  if (!text.includes("&") && !text.includes("_x")) return text;
  return text
    .replace(XML_ENTITY, (_m, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (dec) return codePoint(Number(dec));
      if (hex) return codePoint(parseInt(hex, 16));
      return NAMED[name ?? ""] ?? "";
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_m, hex: string) => codePoint(parseInt(hex, 16)));
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)(?:\\w+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return m ? decodeXmlText(m[1] ?? m[2] ?? "") : null;
}

/** All text of `<t>` runs in an `<si>` or `<is>` fragment, leaving out phonetic `<rPh>` runs. */
function runText(fragment: string): string {
  const withoutPhonetic = fragment.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, "");
  let out = "";
  const re = /<(?:\w+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?t>/g;
  for (let m = re.exec(withoutPhonetic); m; m = re.exec(withoutPhonetic)) out += decodeXmlText(m[1] ?? "");
  return out;
}

function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  const out: string[] = [];
  const re = /<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) out.push(runText(m[1] ?? ""));
  return out;
}

function columnIndex(ref: string | null): number | null {
  if (!ref) return null;
  const m = /^([A-Za-z]{1,3})\d*$/.exec(ref);
  if (!m) return null;
  let n = 0;
  for (const ch of (m[1] ?? "").toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function readSheet(xml: string, strings: readonly string[], tick: () => void): RawRow[] {
  const rows: RawRow[] = [];
  const rowRe = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
  const cellRe = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
  let nextRow = 1;
  for (let r = rowRe.exec(xml); r; r = rowRe.exec(xml)) {
    if (rows.length % 512 === 0) tick();
    const rowNumber = Number(attr(r[1] ?? "", "r"));
    const line = Number.isInteger(rowNumber) && rowNumber > 0 ? rowNumber : nextRow;
    nextRow = line + 1;
    const cells: string[] = [];
    const body = r[2] ?? "";
    let nextCol = 0;
    cellRe.lastIndex = 0;
    for (let c = cellRe.exec(body); c; c = cellRe.exec(body)) {
      const tag = c[1] ?? "";
      const col = columnIndex(attr(tag, "r")) ?? nextCol;
      nextCol = col + 1;
      if (col >= MAX_COLUMNS) continue;
      const inner = c[2] ?? "";
      const type = attr(tag, "t") ?? "n";
      let value: string;
      if (type === "inlineStr") {
        value = runText(inner);
      } else {
        const v = /<(?:\w+:)?v(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?v>/.exec(inner);
        const raw = v ? decodeXmlText(v[1] ?? "") : "";
        if (type === "s") value = strings[Number(raw)] ?? "";
        else if (type === "b") value = raw === "1" ? "TRUE" : raw === "0" ? "FALSE" : raw;
        else if (type === "e") value = "";
        else value = raw;
      }
      while (cells.length < col) cells.push("");
      cells[col] = value;
    }
    rows.push({ line, cells });
  }
  return rows;
}

function resolveTarget(base: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = base.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

function relationships(xml: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  if (!xml) return map;
  const re = /<(?:\w+:)?Relationship\b([^>]*?)\/?>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const id = attr(m[1] ?? "", "Id");
    const target = attr(m[1] ?? "", "Target");
    if (id && target) map.set(id, target);
  }
  return map;
}

/** Every sheet of the workbook, in workbook order. */
export function readXlsx(bytes: Uint8Array, limits: ImportLimits, tick: () => void = () => undefined): XlsxSheet[] {
  const entries = listEntries(bytes, limits.maxXlsxEntries);
  if (entries.length === 0) throw badXlsx("zip archive has no entries");
  checkZipSizes(entries, limits);

  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (info) => /\.(?:xml|rels)$/i.test(info.name) && !/^xl\/(?:media|drawings|printerSettings)\//i.test(info.name),
    });
  } catch (error) {
    throw badXlsx(`zip entry could not be inflated: ${error instanceof Error ? error.message : String(error)}`);
  }
  const utf8 = new TextDecoder("utf-8");
  const text = (name: string): string | undefined => {
    const data = files[name];
    return data ? utf8.decode(data) : undefined;
  };

  const rootRels = relationships(text("_rels/.rels"));
  let workbookPath = "xl/workbook.xml";
  for (const target of rootRels.values()) {
    if (/workbook\.xml$/i.test(target)) workbookPath = resolveTarget("", target);
  }
  const workbook = text(workbookPath);
  if (workbook === undefined) throw badXlsx(`no workbook part (${workbookPath})`);
  const wbDir = workbookPath.includes("/") ? workbookPath.slice(0, workbookPath.lastIndexOf("/") + 1) : "";
  const wbRels = relationships(text(`${wbDir}_rels/${workbookPath.slice(wbDir.length)}.rels`));

  let strings: string[] = [];
  for (const target of wbRels.values()) {
    if (/sharedStrings\.xml$/i.test(target)) strings = sharedStrings(text(resolveTarget(workbookPath, target)));
  }
  if (strings.length === 0) strings = sharedStrings(text(`${wbDir}sharedStrings.xml`));

  const sheets: XlsxSheet[] = [];
  const seen = new Set<string>();
  const sheetRe = /<(?:\w+:)?sheet\b([^>]*?)\/?>/g;
  for (let m = sheetRe.exec(workbook); m; m = sheetRe.exec(workbook)) {
    const name = attr(m[1] ?? "", "name") ?? `Sheet${sheets.length + 1}`;
    const rid = attr(m[1] ?? "", "id");
    const target = rid ? wbRels.get(rid) : undefined;
    const path = target ? resolveTarget(workbookPath, target) : `${wbDir}worksheets/sheet${sheets.length + 1}.xml`;
    const xml = text(path);
    if (xml === undefined || seen.has(path)) continue;
    seen.add(path);
    sheets.push({ name, rows: readSheet(xml, strings, tick) });
  }
  if (sheets.length === 0) {
    for (const name of Object.keys(files).sort()) {
      if (/worksheets\/[^/]+\.xml$/i.test(name)) sheets.push({ name, rows: readSheet(text(name) ?? "", strings, tick) });
    }
  }
  if (sheets.length === 0) throw badXlsx("workbook has no readable worksheet");
  return sheets;
}
