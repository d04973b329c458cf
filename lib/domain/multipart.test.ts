import { fc, test as propTest } from "@fast-check/jest";
import { multipartBoundary, parseMultipart, readUploadForm } from "./multipart";

type Entry = [string, string | { name: string; type: string; bytes: number[] }];

/** What undici (Node's fetch, the oracle) reads from a body. */
async function undiciEntries(raw: Uint8Array, contentType: string): Promise<Entry[]> {
  const form = await new Response(raw as BodyInit, { headers: { "content-type": contentType } }).formData();
  const out: Entry[] = [];
  for (const [name, value] of form.entries()) {
    out.push([name, typeof value === "string" ? value : { name: value.name, type: value.type, bytes: Array.from(new Uint8Array(await value.arrayBuffer())) }]);
  }
  return out;
}

function ourEntries(raw: Uint8Array, contentType: string): Entry[] | null {
  const boundary = multipartBoundary(contentType);
  if (boundary === null) return null;
  const parts = parseMultipart(raw, boundary);
  return parts && parts.map((p): Entry => [p.name, p.fileName === null ? new TextDecoder().decode(p.body) : { name: p.fileName, type: p.contentType ?? "", bytes: Array.from(p.body) }]);
}

/** The body and Content-Type undici's encoder (the algorithm browsers follow) writes for a form. */
async function encode(form: FormData): Promise<{ raw: Uint8Array; contentType: string }> {
  const response = new Response(form);
  return { raw: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("content-type")! };
}

function bodyOf(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "utf8"));
}

const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.constantFrom("中", "文", "交", "割", "单", "\r", "\n", "\r\n", '"', "%22", ";", "-", "a", " "), maxLength: 20 }),
);
/** Binary file contents, with bytes that look like (the start of) undici's boundary lines spliced in. */
const fileBytes = fc
  .array(fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.constantFrom("\r\n--", "\r\n------formdata-undici-0", "--\r\n", "\r\n\r\n").map(bodyOf)), { maxLength: 6 })
  .map((chunks) => new Uint8Array(Buffer.concat(chunks)));
const fileName = fc.oneof(text, fc.constantFrom("交割单.csv", "华泰 2024年.xlsx", 'a"b.txt', "line\nbreak.txt", ""));
const entry = fc.oneof(
  fc.record({ name: text, value: text }),
  fc.record({ name: text, file: fileBytes, fileName, type: fc.constantFrom("", "text/csv", "application/octet-stream") }),
);

describe("multipart reader", () => {
  propTest.prop([fc.array(entry, { maxLength: 6 })], { numRuns: 200 })("reads every form undici's encoder writes exactly as undici's formData() does", async (entries) => {
    const form = new FormData();
    for (const e of entries) {
      if ("value" in e) form.append(e.name, e.value);
      else form.append(e.name, new File([e.file], e.fileName, { type: e.type }));
    }
    const { raw, contentType } = await encode(form);
    const expected = await undiciEntries(raw, contentType);
    const ours = ourEntries(raw, contentType);
    // undici fills in text/plain for a part without a type; the encoder always writes one, so types compare as written
    expect(ours).toEqual(expected);
  });

  it("reads a Chromium-style body (WebKitFormBoundary, CJK file name, a text field)", () => {
    const contentType = "multipart/form-data; boundary=----WebKitFormBoundaryQ7d3YbQ2pM1nZ0xa";
    const raw = bodyOf(
      [
        "------WebKitFormBoundaryQ7d3YbQ2pM1nZ0xa",
        'Content-Disposition: form-data; name="visibility"',
        "",
        "public",
        "------WebKitFormBoundaryQ7d3YbQ2pM1nZ0xa",
        'Content-Disposition: form-data; name="file"; filename="交割单 2024.csv"',
        "Content-Type: text/csv",
        "",
        "成交日期,证券代码\r\n20240102,600000",
        "------WebKitFormBoundaryQ7d3YbQ2pM1nZ0xa--",
        "",
      ].join("\r\n"),
    );
    const form = readUploadForm(raw, contentType, "file", 200);
    expect(form?.fields).toEqual({ visibility: "public" });
    expect(form?.file?.name).toBe("交割单 2024.csv");
    expect(Buffer.from(form!.file!.bytes).toString("utf8")).toBe("成交日期,证券代码\r\n20240102,600000");
  });

  it("finds a quoted boundary, one with spaces, and refuses a missing, empty or over-long one", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b:c?"')).toBe("a b:c?");
    expect(multipartBoundary("Multipart/Form-Data;charset=utf-8; BOUNDARY=xyz")).toBe("xyz");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary=""')).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(70)}`)).toBe("x".repeat(70));
    expect(multipartBoundary("multipart/mixed; boundary=xyz")).toBeNull();
    const raw = bodyOf('--a b:c?\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\nhi\r\n--a b:c?--');
    expect(readUploadForm(raw, 'multipart/form-data; boundary="a b:c?"', "file", 200)?.file?.name).toBe("x.txt");
  });

  it("ignores a preamble and an epilogue, and takes filename* (RFC 5987) over filename", () => {
    const raw = bodyOf(
      'This is a preamble.\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="plain.txt"; filename*=UTF-8\'\'%E4%BA%A4%E5%89%B2.txt\r\n\r\ndata\r\n--xyz--\r\nThis is an epilogue with --xyz in it.',
    );
    const form = readUploadForm(raw, "multipart/form-data; boundary=xyz", "file", 200);
    expect(form?.file?.name).toBe("交割.txt");
    expect(Buffer.from(form!.file!.bytes).toString()).toBe("data");
  });

  it.each([
    ["no closing delimiter", '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\ndata\r\n--xyz'],
    ["a body cut off inside a part", '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\ndata'],
    ["no delimiter at all", "just some bytes"],
    ["a part without headers", "--xyz\r\n\r\ndata\r\n--xyz--"],
    ["a part without Content-Disposition", "--xyz\r\nContent-Type: text/plain\r\n\r\ndata\r\n--xyz--"],
    ["a part that names nothing", "--xyz\r\nContent-Disposition: form-data\r\n\r\ndata\r\n--xyz--"],
    ["headers that never end", '--xyz\r\nContent-Disposition: form-data; name="a"\r\n--xyz--'],
    ["a delimiter line that goes on", '--xyzabc\r\nContent-Disposition: form-data; name="a"\r\n\r\ndata\r\n--xyz--'],
    ["two files in the file field", '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n1\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="b"\r\n\r\n2\r\n--xyz--'],
  ])("refuses %s", (_, body) => {
    expect(readUploadForm(bodyOf(body), "multipart/form-data; boundary=xyz", "file", 200)).toBeNull();
  });

  it("cuts text fields to the caller's length, keeps the last of a repeated name, and reports a form without the file", () => {
    const raw = bodyOf('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n' + "长".repeat(300) + "\r\n--xyz--");
    expect(readUploadForm(raw, "multipart/form-data; boundary=xyz", "file", 200)).toEqual({ fields: { a: "长".repeat(200) }, file: null });
  });

  propTest.prop([fc.string({ unit: "binary", maxLength: 300 }), fc.boolean(), fc.integer({ min: 1, max: 120 })])(
    "a text field reads as its first characters, however long it is (byte order mark and 4-byte characters included)",
    (value, bom, max) => {
      const raw = bodyOf(`--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n${bom ? "\ufeff" : ""}${value}\r\n--xyz--`);
      const whole = new TextDecoder().decode(Buffer.from(value));
      expect(readUploadForm(raw, "multipart/form-data; boundary=xyz", "file", max)?.fields.a).toBe(whole.slice(0, max));
    },
  );

  it("hands back a 17 MB file as a view of the body, without copying it", async () => {
    const content = new Uint8Array(17 * 1024 * 1024);
    for (let i = 0; i < content.length; i += 4096) content[i] = i % 251;
    const form = new FormData();
    form.append("visibility", "private");
    form.append("file", new File([content], "big.csv", { type: "text/csv" }));
    const { raw, contentType } = await encode(form);
    const read = readUploadForm(raw, contentType, "file", 200);
    expect(read?.fields).toEqual({ visibility: "private" });
    expect(read!.file!.bytes.buffer).toBe(raw.buffer);
    expect(read!.file!.bytes.byteLength).toBe(content.byteLength);
    expect(Buffer.from(read!.file!.bytes).equals(Buffer.from(content))).toBe(true);
  });
});
