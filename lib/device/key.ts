import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { logger } from "@/lib/server/logger";

const KEY_FILE = "device-cookie.key";

let cached: { source: string; key: Buffer } | null = null;

/**
 * The key that signs device cookies: DEVICE_COOKIE_SECRET, else a random key kept in DATA_DIR/device-cookie.key
 * (made on first use, so a restart keeps every browser's device id). Instances that share a database must share the
 * secret: set DEVICE_COOKIE_SECRET there.
 */
export function deviceCookieKey(): Buffer {
  const { deviceCookieSecret, dataDir } = config();
  const source = deviceCookieSecret !== null ? "env" : path.resolve(dataDir, KEY_FILE);
  if (cached?.source !== source) cached = { source, key: deviceCookieSecret !== null ? Buffer.from(deviceCookieSecret, "utf8") : keyFromFile(source) };
  return cached.key;
}

const KEY_TEXT = /^[0-9a-f]{64}$/;

function keyFromFile(file: string): Buffer {
  const existing = readKey(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a temporary name, then linked into place: two processes starting at once end up with the
  // same key (the second link fails and that process reads the first one's file), and no reader sees half a key.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(temporary, randomBytes(32).toString("hex") + "\n", { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
    logger().warn({ file }, "DEVICE_COOKIE_SECRET is not set: generated a device-cookie signing key in the data directory");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const key = readKey(file);
  if (!key) throw new Error(`${file} does not hold a device-cookie key (64 hex digits); remove it to have a new one made`);
  return key;
}

function readKey(file: string): Buffer | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  if (!KEY_TEXT.test(text)) throw new Error(`${file} does not hold a device-cookie key (64 hex digits); remove it to have a new one made`);
  return Buffer.from(text, "hex");
}
