import "server-only";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { config, type AppConfig } from "@/lib/config";

/**
 * Where uploaded files live (ADR 0064): S3-compatible object storage when S3_* is configured, so every instance reads
 * what any instance wrote; else DATA_DIR/uploads on this machine's disk. Keys are the callers' own names
 * (e.g. `avatars/<32 hex>.webp`), never a client's.
 */
export interface ObjectStore {
  readonly kind: "disk" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none under this key. */
  get(key: string): Promise<Buffer | null>;
  /** The object's size in bytes, or null when there is none under this key. */
  size(key: string): Promise<number | null>;
  /**
   * Bytes `start` to `end` (inclusive, within the object) as a stream, read as they are sent: a player's ranges of a
   * large video never hold the file in memory. Null when the object is gone.
   */
  stream(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the object; nothing happens when there is none. */
  remove(key: string): Promise<void>;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";
const emptyStream = () => new ReadableStream<Uint8Array>({ start: (c) => c.close() });

export function diskStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  return {
    kind: "disk",
    async put(key, bytes) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside and renamed: a reader never sees half a file.
      const temp = path.join(path.dirname(target), `.${path.basename(target)}.part`);
      await writeFile(temp, bytes, { flag: "wx", mode: 0o644 });
      await rename(temp, target);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? info.size : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stream(key, start, end) {
      let handle;
      try {
        handle = await open(fileOf(key), "r");
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      if (end < start) {
        await handle.close();
        return emptyStream();
      }
      // The handle closes when the stream ends or the reader goes away (a player seeking elsewhere).
      return Readable.toWeb(handle.createReadStream({ start, end, autoClose: true })) as ReadableStream<Uint8Array>;
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export function s3Store(settings: NonNullable<AppConfig["s3"]>): ObjectStore {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: "s3" });
  // Path-style addresses (endpoint/bucket/key): what MinIO, Ceph, R2 and AWS itself all accept.
  const urlOf = (key: string) => `${settings.endpoint}/${settings.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const refused = async (verb: string, key: string, res: Response) =>
    new Error(`S3 ${verb} ${settings.bucket}/${key} refused: HTTP ${res.status} ${(await res.text().catch(() => "")).slice(0, 300)}`);
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const res = await client.fetch(urlOf(key), { method: "PUT", body: new Uint8Array(bytes), headers: { "Content-Type": contentType } });
      if (!res.ok) throw await refused("PUT", key, res);
    },
    async get(key) {
      const res = await client.fetch(urlOf(key), { method: "GET" });
      if (res.status === 404) {
        // A missing key is an answer; a missing bucket is a misconfiguration to report.
        const body = await res.text().catch(() => "");
        if (!body.includes("NoSuchBucket")) return null;
        throw new Error(`S3 GET ${settings.bucket}/${key} refused: HTTP 404 ${body.slice(0, 300)}`);
      }
      if (!res.ok) throw await refused("GET", key, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async size(key) {
      // HEAD answers a missing key with a bare 404 (no body tells it from a missing bucket; put and get report that).
      const res = await client.fetch(urlOf(key), { method: "HEAD" });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 HEAD ${settings.bucket}/${key} refused: HTTP ${res.status}`);
      const size = Number(res.headers.get("content-length"));
      if (!Number.isSafeInteger(size) || size < 0) throw new Error(`S3 HEAD ${settings.bucket}/${key}: no usable Content-Length`);
      return size;
    },
    async stream(key, start, end) {
      if (end < start) return emptyStream();
      const res = await client.fetch(urlOf(key), { method: "GET", headers: { Range: `bytes=${start}-${end}` } });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      // S3 answers a satisfiable range 206; some compatible stores answer a range covering the whole object 200. A
      // 200 with any other length ignored the header (and is not read).
      if (res.status === 200 && res.headers.get("content-length") !== String(end - start + 1)) {
        await res.body?.cancel();
        throw new Error(`S3 GET ${settings.bucket}/${key} ignored the Range header bytes=${start}-${end} (HTTP 200)`);
      }
      if (res.status === 200) return res.body ?? emptyStream();
      if (res.status !== 206) throw await refused(`GET (bytes ${start}-${end})`, key, res);
      return res.body ?? emptyStream();
    },
    async remove(key) {
      const res = await client.fetch(urlOf(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw await refused("DELETE", key, res);
    },
  };
}

/** The configured store. */
export function objectStore(): ObjectStore {
  const cfg = config();
  return cfg.s3 ? s3Store(cfg.s3) : diskStore(path.resolve(cfg.dataDir, "uploads"));
}
