import "server-only";
import { DEFAULT_IMPORT_LIMITS } from "@/lib/domain/statements/types";
import { rejectPdf, sniff } from "@/lib/domain/statements/import/decode";
import { multipartBoundary, parseMultipart } from "@/lib/domain/multipart";
import { MANIFEST_FILE } from "@/lib/domain/statements/bulk-manifest";
import { detectStatementFile, uploadLabel } from "@/lib/domain/upload-files";
import { readFileUpload } from "@/lib/server/file-upload";
import { AppError } from "@/lib/server/http/app-error";
import { readBodyBytes, type BodySource } from "@/lib/server/request-body";

/** Multipart overhead allowed on top of the file itself. */
const FORM_OVERHEAD = 64 * 1024;
/** The largest request body a statement upload may have. */
export const STATEMENT_UPLOAD_LIMIT = DEFAULT_IMPORT_LIMITS.maxBytes + FORM_OVERHEAD;
export const NOT_A_STATEMENT = "文件不是交割单：请上传交易软件导出的文本（.txt/.csv）或 Excel（.xlsx）文件";
export const STATEMENT_TOO_LARGE = `文件过大：交割单最大 ${DEFAULT_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB，请按时间分段导出`;
const CHOOSE_STATEMENT = "请选择要上传的交割单文件";

export interface StatementUpload {
  bytes: Uint8Array;
  /** a label (uploadLabel), never a path */
  fileName: string;
  fields: Record<string, string>;
}

/** Why these bytes are no statement (a PDF is told apart), or null when they may be one. */
async function notAStatement(bytes: Uint8Array): Promise<string | null> {
  if (await detectStatementFile(bytes)) return null;
  return sniff(bytes) === "pdf" ? rejectPdf().message : NOT_A_STATEMENT;
}

/**
 * Reads a multipart statement upload (`file` plus small text fields), refusing oversized bodies before reading them
 * and files whose bytes are not a statement (415); every refusal is an AppError (see readFileUpload). The file's
 * name comes back as a label only (see uploadLabel).
 */
export async function readStatementUpload(req: BodySource): Promise<StatementUpload> {
  const file = await readFileUpload(req, { maxBytes: STATEMENT_UPLOAD_LIMIT, tooLarge: STATEMENT_TOO_LARGE, chooseFile: CHOOSE_STATEMENT });
  const refused = await notAStatement(file.bytes);
  if (refused) throw new AppError("unsupported", refused);
  return { bytes: file.bytes, fileName: uploadLabel(file.name, "交割单"), fields: file.fields };
}

/** At most this many statements in one bulk upload (ADR 0047). */
export const BULK_MAX_FILES = 100;
/** The largest body of a bulk upload: files of a few hundred KB each, or a couple of large ones. */
export const BULK_UPLOAD_LIMIT = 50 * 1024 * 1024 + FORM_OVERHEAD;
export const BULK_TOO_LARGE = `文件过大：一次最多上传 ${Math.floor(BULK_UPLOAD_LIMIT / 1024 / 1024)} MB，请分批上传`;
const MANIFEST_MAX_BYTES = 1024 * 1024;

export interface BulkUploadFile {
  /** a label (uploadLabel), unique within the upload */
  name: string;
  bytes: Uint8Array;
  /** the bytes are no statement: the file fails with this reason without being read */
  refused: string | null;
}

export interface BulkStatementUpload {
  files: BulkUploadFile[];
  manifest: Uint8Array | null;
  fields: Record<string, string>;
}

/**
 * Reads a bulk statement upload: several `files` parts (one may be masters.csv) plus small text fields. The body is
 * refused whole when it is over BULK_UPLOAD_LIMIT, holds more than BULK_MAX_FILES statements, or two files of one
 * name (AppError 415, 413, 400); a file whose bytes are not a statement is kept, refused on its own, so the others
 * still go in.
 */
export async function readBulkStatementUpload(req: BodySource): Promise<BulkStatementUpload> {
  const contentType = req.headers.get("content-type") ?? "";
  const boundary = /^multipart\/form-data;/i.test(contentType) ? multipartBoundary(contentType) : null;
  if (!boundary) throw new AppError("unsupported", CHOOSE_STATEMENT);
  const raw = await readBodyBytes(req, BULK_UPLOAD_LIMIT);
  if (!raw) throw new AppError("too_large", BULK_TOO_LARGE);
  const parts = parseMultipart(raw, boundary);
  if (!parts) throw new AppError("invalid", "上传内容无效，请重新选择文件");
  const fields: Record<string, string> = {};
  const files: BulkUploadFile[] = [];
  let manifest: Uint8Array | null = null;
  for (const part of parts) {
    if (part.fileName === null) {
      fields[part.name] = new TextDecoder("utf-8").decode(part.body.subarray(0, 800)).slice(0, 200);
      continue;
    }
    if (part.name !== "files") continue;
    const name = uploadLabel(part.fileName, "交割单");
    if (name.toLowerCase() === MANIFEST_FILE) {
      if (manifest) throw new AppError("invalid", `只能上传一个 ${MANIFEST_FILE}`);
      if (part.body.byteLength > MANIFEST_MAX_BYTES) throw new AppError("too_large", `${MANIFEST_FILE} 过大（最大 1 MB）`);
      manifest = part.body;
      continue;
    }
    if (files.some((f) => f.name === name)) throw new AppError("invalid", `有两个文件都叫“${name}”，请改名后再上传`);
    const bytes = part.body;
    const refused = bytes.byteLength === 0 ? "文件是空的" : await notAStatement(bytes);
    files.push({ name, bytes, refused });
  }
  if (files.length === 0) throw new AppError("invalid", CHOOSE_STATEMENT);
  if (files.length > BULK_MAX_FILES) throw new AppError("too_large", `一次最多上传 ${BULK_MAX_FILES} 个交割单，请分批上传`);
  return { files, manifest, fields };
}
