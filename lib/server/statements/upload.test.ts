import { buildFixtures } from "@/lib/domain/statements/fixtures/build";
import { NOT_A_STATEMENT, readStatementUpload, STATEMENT_TOO_LARGE, STATEMENT_UPLOAD_LIMIT } from "./upload";

/** A request as a route handler gets it: the body as a stream, its Content-Type as sent. */
function requestWith(body: Uint8Array, contentType: string) {
  return { headers: new Headers({ "content-type": contentType }), body: new Blob([body as BlobPart]).stream() };
}

const STATEMENT = buildFixtures()[0]!;

function chromiumBody(fileName: string, file: Uint8Array, boundary: string, preamble = ""): Uint8Array {
  const head = `${preamble}--${boundary}\r\nContent-Disposition: form-data; name="visibility"\r\n\r\npublic\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`;
  return new Uint8Array(Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]));
}

describe("reading a statement upload", () => {
  it("reads the file as a view of the body it came in (no copy) with its fields and cleaned name", async () => {
    const boundary = "----WebKitFormBoundaryx1Y2z3";
    const upload = await readStatementUpload(requestWith(chromiumBody("交割单.txt", STATEMENT.bytes, boundary), `multipart/form-data; boundary=${boundary}`));
    expect(upload).toMatchObject({ fileName: "交割单.txt", fields: { visibility: "public" } });
    expect(Buffer.from(upload.bytes).equals(Buffer.from(STATEMENT.bytes))).toBe(true);
    // a view inside the body, past the headers: undici's formData() + arrayBuffer() made a buffer of its own
    expect(upload.bytes.byteOffset).toBeGreaterThan(0);
    expect(upload.bytes.buffer.byteLength - upload.bytes.byteLength).toBeLessThan(1024);
  });

  it("accepts a quoted boundary and a preamble (RFC 2046), which undici's formData() refused", async () => {
    const body = chromiumBody("a.txt", STATEMENT.bytes, "b=1", "preamble\r\n");
    expect(await readStatementUpload(requestWith(body, 'multipart/form-data; boundary="b=1"'))).toMatchObject({ fileName: "a.txt" });
  });

  it.each([
    ["without a boundary", "multipart/form-data; charset=utf-8", (b: Uint8Array) => b],
    ["without its closing delimiter", "multipart/form-data; boundary=xyz", (b: Uint8Array) => b.subarray(0, b.byteLength - 9)],
    ["with two files in the file field", "multipart/form-data; boundary=xyz", (b: Uint8Array) => new Uint8Array(Buffer.concat([b.subarray(0, b.byteLength - 9), chromiumBody("b.txt", STATEMENT.bytes, "xyz", "\r\n").subarray(2)]))],
  ])("answers a body %s with the usual Chinese 400", async (_, contentType, mangle) => {
    const body = mangle(chromiumBody("a.txt", STATEMENT.bytes, "xyz"));
    await expect(readStatementUpload(requestWith(body, contentType))).rejects.toMatchObject({ status: 400, message: "上传内容无效，请重新选择文件" });
  });

  it("refuses, as AppErrors the routes answer, a body that is no form, too large, an empty file and bytes that are no statement", async () => {
    const form = (file: Uint8Array) => requestWith(chromiumBody("a.txt", file, "xyz"), "multipart/form-data; boundary=xyz");
    await expect(readStatementUpload(requestWith(STATEMENT.bytes, "text/plain"))).rejects.toMatchObject({ status: 415, message: "请选择要上传的交割单文件" });
    const declared = form(STATEMENT.bytes);
    declared.headers.set("content-length", String(STATEMENT_UPLOAD_LIMIT + 1));
    await expect(readStatementUpload(declared)).rejects.toMatchObject({ status: 413, message: STATEMENT_TOO_LARGE });
    await expect(readStatementUpload(form(new Uint8Array()))).rejects.toMatchObject({ status: 400, message: "请选择要上传的交割单文件（文件不能为空）" });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await expect(readStatementUpload(form(png))).rejects.toMatchObject({ status: 415, message: NOT_A_STATEMENT });
    await expect(readStatementUpload(form(new TextEncoder().encode("%PDF-1.7\n")))).rejects.toMatchObject({ status: 415, message: expect.stringContaining("PDF") });
  });
});
