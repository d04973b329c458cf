import "server-only";
import { DEFAULT_IMPORT_LIMITS } from "@/lib/domain/statements/types";
import { readBodyWithLimit } from "@/lib/server/members/profile";

/** Multipart overhead allowed on top of the file itself. */
const FORM_OVERHEAD = 64 * 1024;
const TOO_LARGE = `文件过大：交割单最大 ${DEFAULT_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB，请按时间分段导出`;

export type StatementUpload =
  | { ok: true; bytes: Uint8Array; fileName: string; fields: Record<string, string> }
  | { ok: false; status: number; message: string };

/** Reads a multipart statement upload (`file` plus small text fields), refusing oversized bodies before reading them. */
export async function readStatementUpload(req: { headers: Headers; body: ReadableStream<Uint8Array> | null }): Promise<StatementUpload> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType)) return { ok: false, status: 415, message: "请选择要上传的交割单文件" };
  const limit = DEFAULT_IMPORT_LIMITS.maxBytes + FORM_OVERHEAD;
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return { ok: false, status: 413, message: TOO_LARGE };
  const raw = await readBodyWithLimit(req.body, limit);
  if (!raw) return { ok: false, status: 413, message: TOO_LARGE };
  let form: FormData;
  try {
    form = await new Response(raw as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    return { ok: false, status: 400, message: "上传内容无效，请重新选择文件" };
  }
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) return { ok: false, status: 400, message: "请选择要上传的交割单文件（文件不能为空）" };
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value.slice(0, 200);
  const fileName = (file as File).name?.slice(0, 200) || "statement";
  return { ok: true, bytes: new Uint8Array(await file.arrayBuffer()), fileName, fields };
}
