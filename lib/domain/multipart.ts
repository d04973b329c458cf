/**
 * A multipart/form-data reader (RFC 7578 over RFC 2046) for bodies already read whole and size-limited. Delimiters are
 * found with Buffer#indexOf (native) and each part's body is a view of the input, never a copy: for a 17 MB statement
 * the whole read costs the main thread about a millisecond instead of undici's `formData()` + `arrayBuffer()` (ADR 0025).
 */

export interface MultipartPart {
  name: string;
  /** null for a text field; a file part has a filename (possibly empty) */
  fileName: string | null;
  contentType: string | null;
  /** a view of the body's bytes (shares its buffer) */
  body: Uint8Array;
}

const MAX_BOUNDARY = 70;
/** RFC 2046 bchars, read leniently: any visible ASCII but the quote, and inner spaces. */
const BOUNDARY_CHARS = /^[\x21\x23-\x7e ]*[\x21\x23-\x7e]$/;

/** The boundary of a `multipart/form-data` Content-Type (quoted or not), or null when there is none or it is invalid. */
export function multipartBoundary(contentType: string): string | null {
  const [type, ...params] = splitParams(contentType);
  if (type?.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "boundary") continue;
    const boundary = unquote(param.slice(eq + 1).trim());
    return boundary.length > 0 && boundary.length <= MAX_BOUNDARY && BOUNDARY_CHARS.test(boundary) ? boundary : null;
  }
  return null;
}

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
const DASH = 0x2d;
const CR = 0x0d;
const LF = 0x0a;
const headerText = new TextDecoder("utf-8");

/**
 * The parts of a multipart body, or null when it is malformed: no delimiter line, a part without headers or without
 * a `form-data` Content-Disposition naming it, or no closing delimiter. A preamble before the first delimiter and an
 * epilogue after the closing one are ignored (RFC 2046).
 */
export function parseMultipart(raw: Uint8Array, boundary: string): MultipartPart[] | null {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const dashBoundary = Buffer.from(`--${boundary}`, "latin1");
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  // the first delimiter opens the body or follows a preamble's CRLF
  let at = bytes.subarray(0, dashBoundary.length).equals(dashBoundary) ? dashBoundary.length : -1;
  if (at < 0) {
    const found = bytes.indexOf(delimiter);
    if (found < 0) return null;
    at = found + delimiter.length;
  }
  const parts: MultipartPart[] = [];
  for (;;) {
    if (bytes[at] === DASH && bytes[at + 1] === DASH) return parts;
    at = afterLineEnd(bytes, at);
    if (at < 0) return null;
    const headersEnd = bytes[at] === CR && bytes[at + 1] === LF ? -1 : bytes.indexOf(HEADERS_END, at);
    if (headersEnd < 0) return null;
    const headers = partHeaders(headerText.decode(bytes.subarray(at, headersEnd)));
    if (!headers) return null;
    const start = headersEnd + HEADERS_END.length;
    const end = bytes.indexOf(delimiter, start);
    if (end < 0) return null;
    parts.push({ ...headers, body: new Uint8Array(raw.buffer, raw.byteOffset + start, end - start) });
    at = end + delimiter.length;
  }
}

/** Past the transport padding (spaces, tabs) and CRLF that end a delimiter line; -1 when the line goes on. */
function afterLineEnd(bytes: Buffer, from: number): number {
  let at = from;
  while (bytes[at] === 0x20 || bytes[at] === 0x09) at++;
  return bytes.indexOf(CRLF, at) === at ? at + CRLF.length : -1;
}

function partHeaders(block: string): Omit<MultipartPart, "body"> | null {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) return null;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-disposition") disposition = value;
    else if (name === "content-type") contentType = value;
  }
  if (disposition === null) return null;
  const [kind, ...params] = splitParams(disposition);
  if (kind?.trim().toLowerCase() !== "form-data") return null;
  let name: string | null = null;
  let fileName: string | null = null;
  let extendedFileName: string | null = null;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    const value = param.slice(eq + 1).trim();
    if (key === "name") name = unescapeFormName(unquote(value));
    else if (key === "filename") fileName = unescapeFormName(unquote(value));
    else if (key === "filename*") extendedFileName = decodeExtendedValue(value);
  }
  if (name === null) return null;
  return { name, fileName: extendedFileName ?? fileName, contentType };
}

/** `a; b="x;y"; c` → ["a", ' b="x;y"', " c"]: semicolons inside quotes do not split. */
function splitParams(header: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const ch = header[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ";" && !quoted) {
      out.push(header.slice(start, i));
      start = i + 1;
    }
  }
  out.push(header.slice(start));
  return out;
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** Browsers (and undici) write `"`, CR and LF in names and file names as %22, %0D and %0A (HTML's form encoding). */
function unescapeFormName(value: string): string {
  return value.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 5987 `utf-8''%E4%B8%AD.txt`; null for another charset or a bad escape (the plain filename is used then). */
function decodeExtendedValue(value: string): string | null {
  const encoded = /^utf-8'[^']*'(.*)$/i.exec(value)?.[1];
  if (encoded === undefined) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

export interface UploadForm {
  /** text fields, each cut to the caller's length; a repeated name keeps its last value */
  fields: Record<string, string>;
  /** the one file part of the file field, or null when the form has none */
  file: { name: string; bytes: Uint8Array } | null;
}

const fieldText = new TextDecoder("utf-8");

/**
 * An upload form: text fields and the file of `fileField`. Null when the body is malformed, the Content-Type has no
 * valid boundary, or `fileField` holds more than one file (which of them was meant is not ours to guess).
 */
export function readUploadForm(raw: Uint8Array, contentType: string, fileField: string, maxFieldLength: number): UploadForm | null {
  const boundary = multipartBoundary(contentType);
  if (boundary === null) return null;
  const parts = parseMultipart(raw, boundary);
  if (!parts) return null;
  const fields: Record<string, string> = {};
  let file: UploadForm["file"] = null;
  for (const part of parts) {
    if (part.fileName === null) {
      // only as many bytes as the kept characters can take (4 a character, 3 more for a byte order mark): a field of
      // megabytes is not decoded whole to keep its first 200 characters
      fields[part.name] = fieldText.decode(part.body.subarray(0, maxFieldLength * 4 + 3)).slice(0, maxFieldLength);
    } else if (part.name === fileField) {
      if (file) return null;
      file = { name: part.fileName, bytes: part.body };
    }
  }
  return { fields, file };
}
