import "server-only";
import { readUploadForm } from "@/lib/domain/multipart";
import { AppError } from "@/lib/server/http/app-error";
import { readBodyBytes, type BodySource } from "@/lib/server/request-body";

/** The longest text field an upload form keeps, in characters. */
const FIELD_MAX_CHARS = 200;

export interface FileUpload {
  bytes: Uint8Array;
  /** The name the browser sent, unchecked: callers keep it only as a label (uploadLabel). */
  name: string;
  fields: Record<string, string>;
}

export interface FileUploadRules {
  /** The largest body read; a longer one is refused before it is read whole. */
  maxBytes: number;
  tooLarge: string;
  /** "请选择要上传的…文件": said when no file came (and, with a note, when it is empty). */
  chooseFile: string;
}

/**
 * Reads a multipart upload of one `file` part and small text fields (the statement and strategy CSV uploads). Throws
 * AppError 415 `chooseFile` when the body is no form, 413 `tooLarge` past `maxBytes`, 400 when the form is malformed
 * (two files, no closing boundary) or the file is missing or empty. What the bytes must be is the caller's check.
 */
export async function readFileUpload(req: BodySource, rules: FileUploadRules): Promise<FileUpload> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType)) throw new AppError("unsupported", rules.chooseFile);
  const raw = await readBodyBytes(req, rules.maxBytes);
  if (!raw) throw new AppError("too_large", rules.tooLarge);
  const form = readUploadForm(raw, contentType, "file", FIELD_MAX_CHARS);
  if (!form) throw new AppError("invalid", "上传内容无效，请重新选择文件");
  const { file, fields } = form;
  if (!file || file.bytes.byteLength === 0) throw new AppError("invalid", `${rules.chooseFile}（文件不能为空）`);
  return { bytes: file.bytes, name: file.name, fields };
}
