import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { OutgoingMessage } from "./message";

/**
 * Without SMTP or SMS configured, every message is written as a JSON file under DATA_DIR/outbox/ (development
 * and QA). Plain files, so `npm run cli -- outbox` reads them while the server runs, also in PGlite mode.
 */
export interface OutboxEntry extends OutgoingMessage {
  createdAt: string;
  file: string;
}

export function outboxDir(dataDir: string): string {
  return path.resolve(dataDir, "outbox");
}

export function writeOutbox(dataDir: string, message: OutgoingMessage, now = new Date()): string {
  const dir = outboxDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...message, createdAt: now.toISOString() }, null, 2), { mode: 0o600 });
  return file;
}

/** The latest messages, newest first, optionally only those sent to one address. */
export function readOutbox(dataDir: string, opts: { to?: string; limit?: number } = {}): OutboxEntry[] {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const to = opts.to?.trim().toLowerCase();
  const entries: OutboxEntry[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".json")).sort().reverse()) {
    try {
      const entry = { ...(JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as OutboxEntry), file: name };
      if (to && entry.to.toLowerCase() !== to) continue;
      entries.push(entry);
      if (entries.length >= (opts.limit ?? 10)) break;
    } catch {
      // a file being written right now, or not ours: skip it
    }
  }
  return entries;
}
