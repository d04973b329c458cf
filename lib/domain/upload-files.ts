/**
 * What an uploaded file is, judged by its bytes, never by its name or the declared type (ADR 0025), and the label a
 * client-chosen file name may become (shown and stored as data, never used for a path or a key).
 */

import { fileTypeFromBuffer } from "file-type/core";

export type StatementFileKind = "xlsx" | "xls" | "text";

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const UTF16_BOMS = [[0xff, 0xfe], [0xfe, 0xff]];

/**
 * Binary formats a text file never starts with. Most also contain NUL bytes, which text has none of; the list
 * catches the few that need not (a truncated PNG header, a PDF, an archive's first bytes).
 */
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  ascii("GIF87a"),
  ascii("GIF89a"),
  ascii("%PDF-"),
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x1f, 0x8b], // gzip
  [0x42, 0x5a, 0x68], // bzip2
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  ascii("Rar!\x1a\x07"),
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  [0x50, 0x4b, 0x07, 0x08], // spanned zip
  [0xca, 0xfe, 0xba, 0xbe], // Java class, Mach-O fat binary
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
  ascii("SQLite format 3"),
];

/** RIFF containers (WebP, WAV, AVI) and MP4/QuickTime boxes carry their signature a few bytes in. */
function isMediaContainer(bytes: Uint8Array): boolean {
  return startsWith(bytes, ascii("RIFF")) || startsWith(bytes, ascii("ftyp"), 4);
}

/** The share of C0 control bytes other than tab, line feed, form feed and carriage return above which it is binary. */
const CONTROL_SHARE = 0.01;
const CONTROL_SAMPLE = 8192;

/**
 * Text in any of the encodings brokers export (UTF-8, GB18030/GBK, UTF-16 with a byte order mark): no known binary
 * signature, no NUL byte (UTF-16 aside), and almost no other control bytes.
 */
export function isTextFile(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  if (UTF16_BOMS.some((bom) => startsWith(bytes, bom))) return bytes.length % 2 === 0;
  if (BINARY_SIGNATURES.some((magic) => startsWith(bytes, magic)) || isMediaContainer(bytes)) return false;
  if (bytes.includes(0)) return false;
  const sample = bytes.subarray(0, CONTROL_SAMPLE);
  let controls = 0;
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a) controls += 1;
  return controls <= sample.length * CONTROL_SHARE;
}

/** What `file-type` recognised in a file's bytes (its extension), or undefined when it knows none of them. */
export interface DetectedType {
  ext: string;
}

/** file-type's answers that are a workbook: an .xlsx (or a zip the workbook reader will look into) or an OLE2 .xls. */
const WORKBOOK_TYPES: Readonly<Record<string, StatementFileKind>> = { xlsx: "xlsx", zip: "xlsx", cfb: "xls" };
/** file-type's answers for text (SpreadsheetML and HTML "xls" exports): the project's own text detection decides. */
const TEXT_TYPES = new Set(["xml", "svg", "html"]);

/**
 * A broker statement by its bytes: an Excel workbook (zip), a legacy Excel file (OLE2) or text; null otherwise.
 * `detected` is file-type's answer (detectStatementFile): any binary format it knows but a workbook is no statement.
 * Text formats (CSV, TXT, XLS-as-HTML) are not file-type's job; isTextFile decides those.
 */
export function statementFileKind(bytes: Uint8Array, detected?: DetectedType): StatementFileKind | null {
  if (detected && !TEXT_TYPES.has(detected.ext)) return WORKBOOK_TYPES[detected.ext] ?? null;
  if (startsWith(bytes, ZIP_LOCAL_HEADER)) return "xlsx";
  if (startsWith(bytes, OLE2)) return "xls";
  return isTextFile(bytes) ? "text" : null;
}

/** statementFileKind with file-type's answer (asynchronous: file-type reads through a tokenizer). */
export async function detectStatementFile(bytes: Uint8Array): Promise<StatementFileKind | null> {
  return statementFileKind(bytes, await fileTypeFromBuffer(bytes));
}

export const UPLOAD_LABEL_MAX = 100;

/**
 * A client-chosen file name as a label to show and store: the last path segment only, without control, format or
 * bidirectional-override characters, spaces collapsed, at most 100 characters; `fallback` when nothing is left.
 */
export function uploadLabel(name: string | null | undefined, fallback: string): string {
  const last = (name ?? "").split(/[/\\]/).pop() ?? "";
  const cleaned = last
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const label = Array.from(cleaned).slice(0, UPLOAD_LABEL_MAX).join("").trim();
  return label === "" || label === "." || label === ".." ? fallback : label;
}
