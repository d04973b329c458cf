/**
 * The `masters.csv` manifest of a bulk statement import (ADR 0047): which master each statement file of a folder
 * belongs to, and the profile a master gets when the import creates it.
 *
 *   file,name,bio,styleTags,disclosureDelayDays
 *   zhang.xls,张三,短线打板,打板|短线,5
 *
 * UTF-8 with or without a byte order mark; RFC 4180 fields (quoted fields may hold commas, quotes doubled, line
 * breaks); CRLF or LF. `file` is required, the other columns may be left out; their order is free. styleTags are
 * separated by `|` or `、`; disclosureDelayDays is a whole number 0–60 or empty (0). A file without a row is named by
 * its base name. Pure: no I/O; every problem comes back with its line and column, nothing throws.
 */

export const MANIFEST_FILE = "masters.csv";
export const MANIFEST_COLUMNS = ["file", "name", "bio", "styleTags", "disclosureDelayDays"] as const;
export type ManifestColumn = (typeof MANIFEST_COLUMNS)[number];

export const MAX_NAME_LENGTH = 40;
export const MAX_BIO_LENGTH = 500;
export const MAX_STYLE_TAGS = 6;
export const MAX_TAG_LENGTH = 8;
export const MAX_MANIFEST_DELAY_DAYS = 60;
/** Problems listed before the reader stops looking (a wrong file has one on every line). */
const MAX_PROBLEMS = 50;

/** The statement files a bulk import takes, by extension (as the upload forms do). */
export const STATEMENT_FILE_EXTENSION = /\.(csv|txt|xls|xlsx)$/i;

/** A master's profile as the import creates it. */
export interface MasterProfile {
  name: string;
  bio: string;
  styleTags: string[];
  disclosureDelayDays: number;
}

export interface ManifestRow extends MasterProfile {
  file: string;
  /** the line the row starts on (1 = the header) */
  line: number;
}

/** One problem: the line (1-based, the header is line 1), the column (1-based) and its name when known. */
export interface ManifestProblem {
  line: number;
  column: number;
  columnName: string | null;
  message: string;
}

export type ManifestRead = { ok: true; rows: ManifestRow[] } | { ok: false; problems: ManifestProblem[] };

/** "masters.csv 第 3 行第 5 列（disclosureDelayDays）：…" */
export function describeProblem(p: ManifestProblem): string {
  return `${MANIFEST_FILE} 第 ${p.line} 行第 ${p.column} 列${p.columnName ? `（${p.columnName}）` : ""}：${p.message}`;
}

/** Whether a directory entry is a statement file of the bulk import: a known extension, not hidden, not the manifest. */
export function isBulkStatementFile(name: string): boolean {
  return !name.startsWith(".") && name.toLowerCase() !== MANIFEST_FILE && STATEMENT_FILE_EXTENSION.test(name);
}

/** The bulk import's order: by name, code unit by code unit (the same on every machine and locale). */
export function byFileName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The name a file without a manifest row gives its master: its base name without the extension, trimmed. */
export function baseName(file: string): string {
  return file.replace(/^.*[\\/]/, "").replace(STATEMENT_FILE_EXTENSION, "").trim();
}

/** Style tags of one field: split on `|` and `、`, trimmed, blanks and repeats dropped. */
export function splitStyleTags(field: string): string[] {
  return [...new Set(field.split(/[|、]/).map((t) => t.trim()).filter(Boolean))];
}

interface CsvRecord {
  line: number;
  fields: string[];
}

type CsvRead = { ok: true; records: CsvRecord[] } | { ok: false; problem: ManifestProblem };

/** RFC 4180 records with the line each starts on. A quote inside an unquoted field, or text after a closing quote, is an error. */
function readCsv(text: string): CsvRead {
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      const column = fields.length + 1;
      let value = "";
      if (text[i] === '"') {
        const openLine = line;
        i += 1;
        for (;;) {
          if (i >= n) return { ok: false, problem: { line: openLine, column, columnName: null, message: "引号没有闭合" } };
          const c = text[i]!;
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line += 1;
          value += c;
          i += 1;
        }
        if (i < n && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") {
          return { ok: false, problem: { line, column, columnName: null, message: "引号后还有多余的字符（字段中的引号须写成两个引号）" } };
        }
      } else {
        while (i < n && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") {
          if (text[i] === '"') return { ok: false, problem: { line, column, columnName: null, message: "未加引号的字段中有引号（请用引号包住整个字段）" } };
          value += text[i];
          i += 1;
        }
      }
      fields.push(value);
      if (i < n && text[i] === ",") {
        i += 1;
        continue;
      }
      break;
    }
    // CRLF, LF or a lone CR ends the record
    if (text[i] === "\r") i += 1;
    if (text[i] === "\n") i += 1;
    line += 1;
    // blank lines are left out (a trailing one is usual)
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: startLine, fields });
  }
  return { ok: true, records };
}

const isColumn = (name: string): name is ManifestColumn => (MANIFEST_COLUMNS as readonly string[]).includes(name);

/**
 * Reads a manifest against the statement files it may name. `files` are the folder's statement files (or the files
 * of an upload); a row naming another file is a problem, as are an unknown or repeated column, a row with more or
 * fewer fields than the header, a repeated file or name, and a field out of its bounds.
 */
export function readManifest(input: string | Uint8Array, files: readonly string[]): ManifestRead {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      return { ok: false, problems: [{ line: 1, column: 1, columnName: null, message: "文件不是 UTF-8 编码（请另存为 UTF-8 的 CSV）" }] };
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const csv = readCsv(text);
  if (!csv.ok) return { ok: false, problems: [csv.problem] };
  const [header, ...body] = csv.records;
  if (!header) return { ok: false, problems: [{ line: 1, column: 1, columnName: null, message: `文件是空的：第一行应为表头 ${MANIFEST_COLUMNS.join(",")}` }] };

  const problems: ManifestProblem[] = [];
  const columns: ManifestColumn[] = [];
  header.fields.forEach((raw, index) => {
    const name = raw.trim();
    if (!isColumn(name)) problems.push({ line: header.line, column: index + 1, columnName: name || null, message: `未知的列“${name}”，可用的列：${MANIFEST_COLUMNS.join(", ")}` });
    else if (columns.includes(name)) problems.push({ line: header.line, column: index + 1, columnName: name, message: `列“${name}”重复` });
    else columns.push(name);
  });
  if (problems.length === 0 && !columns.includes("file")) {
    problems.push({ line: header.line, column: 1, columnName: null, message: "缺少 file 列" });
  }
  if (problems.length > 0) return { ok: false, problems };

  const known = new Set(files);
  const fileLines = new Map<string, number>();
  const nameLines = new Map<string, number>();
  const rows: ManifestRow[] = [];
  for (const record of body) {
    if (problems.length >= MAX_PROBLEMS) break;
    const at = (column: ManifestColumn) => columns.indexOf(column);
    const problem = (column: ManifestColumn | null, message: string, columnIndex = column ? at(column) : 0) =>
      problems.push({ line: record.line, column: columnIndex + 1, columnName: column, message });
    if (record.fields.length !== columns.length) {
      problem(null, `这一行有 ${record.fields.length} 个字段，表头有 ${columns.length} 列`, Math.min(record.fields.length, columns.length));
      continue;
    }
    const field = (column: ManifestColumn) => (at(column) >= 0 ? record.fields[at(column)]! : "");
    const before = problems.length;

    const file = field("file").trim();
    if (!file) problem("file", "请填写文件名");
    else if (!known.has(file)) problem("file", `找不到文件“${file}”`);
    else if (fileLines.has(file)) problem("file", `文件“${file}”已在第 ${fileLines.get(file)} 行出现`);

    const name = field("name").trim() || baseName(file);
    if (!name) problem("name", "请填写名称");
    else if (name.length > MAX_NAME_LENGTH) problem("name", `名称最多 ${MAX_NAME_LENGTH} 个字`);
    else if (nameLines.has(name)) problem("name", `名称“${name}”已在第 ${nameLines.get(name)} 行出现`);

    const bio = field("bio").trim();
    if (bio.length > MAX_BIO_LENGTH) problem("bio", `简介最多 ${MAX_BIO_LENGTH} 字`);

    const styleTags = splitStyleTags(field("styleTags"));
    const longTag = styleTags.find((t) => t.length > MAX_TAG_LENGTH);
    if (styleTags.length > MAX_STYLE_TAGS) problem("styleTags", `最多 ${MAX_STYLE_TAGS} 个风格标签`);
    else if (longTag) problem("styleTags", `风格标签“${longTag}”超过 ${MAX_TAG_LENGTH} 个字`);

    const delayText = field("disclosureDelayDays").trim();
    const delay = delayText === "" ? 0 : /^\d{1,3}$/.test(delayText) ? Number(delayText) : NaN;
    if (!(delay >= 0 && delay <= MAX_MANIFEST_DELAY_DAYS)) problem("disclosureDelayDays", `延迟公开天数须为 0–${MAX_MANIFEST_DELAY_DAYS} 的整数（或留空），不是“${delayText}”`);

    if (file && !fileLines.has(file)) fileLines.set(file, record.line);
    if (name && !nameLines.has(name)) nameLines.set(name, record.line);
    if (problems.length === before) rows.push({ file, line: record.line, name, bio, styleTags, disclosureDelayDays: delay });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows };
}

/** One field as RFC 4180 writes it: quoted when it holds a comma, a quote, a line break or edge spaces. */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A manifest for these rows (the bench's generator writes one; the reader gives the same rows back). */
export function writeManifest(rows: readonly Omit<ManifestRow, "line">[]): string {
  const lines = [MANIFEST_COLUMNS.join(",")];
  for (const r of rows) {
    lines.push([r.file, r.name, r.bio, r.styleTags.join("|"), String(r.disclosureDelayDays)].map(csvField).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** What the import does with one file: the master it goes to (created with this profile when no master has the name). */
export interface BulkPlanItem {
  file: string;
  profile: MasterProfile;
  /** null, or why this file cannot be imported at all (its base name is no valid master name) */
  problem: string | null;
}

/** The plan of a bulk import: every file in order, named by its manifest row or by its base name. */
export function planBulkImport(files: readonly string[], rows: readonly ManifestRow[]): BulkPlanItem[] {
  const byFile = new Map(rows.map((r) => [r.file, r]));
  return [...files].sort(byFileName).map((file) => {
    const row = byFile.get(file);
    if (row) return { file, profile: { name: row.name, bio: row.bio, styleTags: row.styleTags, disclosureDelayDays: row.disclosureDelayDays }, problem: null };
    const name = baseName(file);
    const problem = !name ? "文件名为空，无法作为大神名称（请在 masters.csv 中为它填写名称）" : name.length > MAX_NAME_LENGTH ? `文件名超过 ${MAX_NAME_LENGTH} 个字，无法作为大神名称（请在 masters.csv 中为它填写名称）` : null;
    return { file, profile: { name, bio: "", styleTags: [], disclosureDelayDays: 0 }, problem };
  });
}
