import "server-only";
import { DEFAULT_IMPORT_LIMITS } from "@/lib/domain/statements/types";
import { rejectPdf, sniff } from "@/lib/domain/statements/import/decode";
import { readUploadForm } from "@/lib/domain/multipart";
import { statementFileKind, uploadLabel } from "@/lib/domain/upload-files";
import { readBodyBytes } from "@/lib/server/request-body";

/** Multipart overhead allowed on top of the file itself. */
const FORM_OVERHEAD = 64 * 1024;
/** The largest request body a statement upload may have. */
export const STATEMENT_UPLOAD_LIMIT = DEFAULT_IMPORT_LIMITS.maxBytes + FORM_OVERHEAD;
export const NOT_A_STATEMENT = "文件不是交割单：请上传交易软件导出的文本（.txt/.csv）或 Excel（.xlsx）文件";
const TOO_LARGE = `文件过大：交割单最大 ${DEFAULT_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB，请按时间分段导出`;

export type StatementUpload =
  | { ok: true; bytes: Uint8Array; fileName: string; fields: Record<string, string> }
  | { ok: false; status: number; message: string };

/**
 * Reads a multipart statement upload (`file` plus small text fields), refusing oversized bodies before reading them
 * and files whose bytes are not a statement (415). The file's name comes back as a label only (see uploadLabel).
 */
export async function readStatementUpload(req: { headers: Headers; body: ReadableStream<Uint8Array> | null }): Promise<StatementUpload> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType)) return { ok: false, status: 415, message: "请选择要上传的交割单文件" };
  const raw = await readBodyBytes(req, STATEMENT_UPLOAD_LIMIT);
  if (!raw) return { ok: false, status: 413, message: TOO_LARGE };
  const form = readUploadForm(raw, contentType, "file", 200);
  if (!form) return { ok: false, status: 400, message: "上传内容无效，请重新选择文件" };
  const { file, fields } = form;
  if (!file || file.bytes.byteLength === 0) return { ok: false, status: 400, message: "请选择要上传的交割单文件（文件不能为空）" };
  const bytes = file.bytes;
  if (!statementFileKind(bytes)) return { ok: false, status: 415, message: sniff(bytes) === "pdf" ? rejectPdf().message : NOT_A_STATEMENT };
  return { ok: true, bytes, fileName: uploadLabel(file.name, "交割单"), fields };
}
