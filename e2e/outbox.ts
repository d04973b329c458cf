import { readOutbox } from "../lib/server/messaging/outbox";

/**
 * The latest message to an address, read from the suite's outbox as `npm run cli -- outbox` reads it (the same
 * function, in this process: a CLI process per read cost seconds of CPU the whole suite shares).
 */
export function latestMessage(to: string): { code?: string; text: string; subject: string } {
  const [entry] = readOutbox(process.env.E2E_DATA_DIR ?? ".data-e2e", { to, limit: 1 });
  if (!entry) throw new Error(`no message to ${to} in the outbox`);
  return entry;
}
