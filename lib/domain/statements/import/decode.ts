import { StatementRejected } from "@/lib/domain/statements/types";

/** What the first bytes say the file is (research A.9 step 1). */
export type Sniffed = "xlsx" | "biff" | "pdf" | "text";

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i += 1) if (bytes[i] !== magic[i]) return false;
  return true;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const BIFF = [0xd0, 0xcf, 0x11, 0xe0];
const PDF = [0x25, 0x50, 0x44, 0x46]; // %PDF

export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, ZIP) || startsWith(bytes, ZIP_EMPTY)) return "xlsx";
  if (startsWith(bytes, BIFF)) return "biff";
  if (startsWith(bytes, PDF)) return "pdf";
  // A PDF may carry a few bytes of junk before its header: look for "%PDF-" in the first kilobyte.
  const head = Math.min(bytes.length, 1024);
  for (let i = 0; i + 5 <= head; i += 1) {
    if (bytes[i] === 0x25 && startsWith(bytes.subarray(i), PDF) && bytes[i + 4] === 0x2d) return "pdf";
  }
  return "text";
}

export interface DecodedText {
  text: string;
  encoding: "utf-8" | "gb18030" | "utf-16le" | "utf-16be";
  /** notes for the report, e.g. UTF-16 input */
  notes: string[];
}

const UTF16_NOTE = "文件是 UTF-16（Unicode 文本）编码，已按 UTF-16 读取。";

/**
 * UTF-16 without a BOM: text that is mostly ASCII or CJK has a NUL in every other byte (the high byte of ASCII). The
 * side where at least 30% of the first 2 KB are NUL, with almost none on the other side, tells LE from BE.
 */
function bomlessUtf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(bytes.length, 2048) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul += 1;
    if (bytes[i + 1] === 0) oddNul += 1;
  }
  const pairs = n / 2;
  if (oddNul >= pairs * 0.3 && evenNul <= pairs * 0.02) return "utf-16le";
  if (evenNul >= pairs * 0.3 && oddNul <= pairs * 0.02) return "utf-16be";
  return null;
}

/**
 * Text files: a UTF-8 BOM means UTF-8; UTF-16 with a BOM (Excel's "Unicode 文本") or without one (NUL in every other
 * byte) is UTF-16, reported as such; bytes that are valid UTF-8 are UTF-8; anything else is GB18030 (a superset of
 * GBK, which is what the brokers' "制表符分隔的文本文件" really is).
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8", notes: [] };
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    const label = bytes[0] === 0xff ? "utf-16le" : "utf-16be";
    return { text: new TextDecoder(label).decode(bytes.subarray(2)), encoding: label, notes: [UTF16_NOTE] };
  }
  const utf16 = bomlessUtf16(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16, notes: [UTF16_NOTE] };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8", notes: [] };
  } catch {
    return { text: new TextDecoder("gb18030").decode(bytes), encoding: "gb18030", notes: [] };
  }
}

export function rejectBiff(): StatementRejected {
  return new StatementRejected(
    "biff_xls",
    "这是旧版 Excel（.xls）文件，暂不能直接读取。请用 Excel 或 WPS 打开它，另存为 .xlsx 或“文本文件(制表符分隔)”后再上传。",
    "binary BIFF/OLE2 .xls (magic D0 CF 11 E0); only xlsx and text exports are read",
  );
}

export function rejectPdf(): StatementRejected {
  return new StatementRejected(
    "pdf",
    "这是 PDF 文件，无法读取其中的表格。请在交易软件的“历史成交/交割单”页面导出交割单（文本或 Excel 格式）后再上传。",
    "PDF (magic %PDF); export the 交割单 as text or xlsx instead",
  );
}
