import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An S3 stand-in for tests: path-style objects (`/bucket/key`) kept in memory, PUT, GET, HEAD and DELETE as S3 answers
 * them (200 / 204, 404 NoSuchKey — with no body for HEAD —, 403 for a request not signed with SigV4 by the expected
 * access key), and GET's single byte range (`Range: bytes=a-b`, `a-`, `-n` → 206 with Content-Range, 416
 * InvalidRange past the end). It does not recompute signatures: the object-store tests check our client against its
 * answers, not AWS's cryptography.
 */
export interface S3Local {
  url: string;
  bucket: string;
  /** What is stored, by key (without the bucket). */
  objects(): Map<string, { bytes: Buffer; contentType: string }>;
  /** Each GET of an object answered, in order: its key, the Range header asked and the bytes sent. */
  reads(): { key: string; range: string | null; bytes: number }[];
  close(): Promise<void>;
}

/** S3's reading of a single-range header against an object of `size` bytes: the part, the whole, or past the end. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | "whole" | "invalid" {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return "whole";
  if (m[1] === "") return size === 0 ? "invalid" : { start: Math.max(0, size - Number(m[2])), end: size - 1 };
  const start = Number(m[1]);
  if (start >= size) return "invalid";
  return { start, end: m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1) };
}

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startS3Local({ port = 0, bucket = "lianghua-test", accessKeyId = "test-key" } = {}): Promise<S3Local> {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const reads: { key: string; range: string | null; bytes: number }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = (status: number, body = "", headers: Record<string, string> = {}) => {
        res.writeHead(status, { "Content-Type": "application/xml", ...headers });
        res.end(body);
      };
      const auth = req.headers.authorization ?? "";
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !req.headers["x-amz-date"]) {
        return answer(403, xmlError("AccessDenied", "Access Denied"));
      }
      const [, bucketName, ...rest] = decodeURI(new URL(req.url ?? "/", "http://s3.local").pathname).split("/");
      if (bucketName !== bucket) return answer(404, xmlError("NoSuchBucket", "The specified bucket does not exist"));
      const key = rest.join("/");
      if (req.method === "PUT") {
        objects.set(key, { bytes: Buffer.concat(chunks), contentType: String(req.headers["content-type"] ?? "application/octet-stream") });
        return answer(200, "", { ETag: `"${key.length}"` });
      }
      const stored = objects.get(key);
      if (req.method === "HEAD") {
        if (!stored) return answer(404);
        res.writeHead(200, { "Content-Type": stored.contentType, "Content-Length": String(stored.bytes.byteLength), "Accept-Ranges": "bytes" });
        return res.end();
      }
      if (req.method === "GET") {
        if (!stored) return answer(404, xmlError("NoSuchKey", "The specified key does not exist."));
        const size = stored.bytes.byteLength;
        const range = rangeOf(req.headers.range, size);
        if (range === "invalid") return answer(416, xmlError("InvalidRange", "The requested range is not satisfiable"), { "Content-Range": `bytes */${size}` });
        const part = range === "whole" ? stored.bytes : stored.bytes.subarray(range.start, range.end + 1);
        reads.push({ key, range: req.headers.range ?? null, bytes: part.byteLength });
        res.writeHead(range === "whole" ? 200 : 206, {
          "Content-Type": stored.contentType,
          "Content-Length": String(part.byteLength),
          "Accept-Ranges": "bytes",
          ...(range === "whole" ? {} : { "Content-Range": `bytes ${range.start}-${range.end}/${size}` }),
        });
        return res.end(part);
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        return answer(204);
      }
      return answer(405, xmlError("MethodNotAllowed", "The specified method is not allowed against this resource."));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    objects: () => objects,
    reads: () => reads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
