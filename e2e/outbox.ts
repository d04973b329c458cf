import { readOutbox } from "../lib/server/messaging/outbox";

/**
 * The latest message to an address, read from the suite's outbox as `npm run cli -- outbox` reads it (the same
 * function, in this process: a CLI process per read cost seconds of CPU the whole suite shares). The server may answer
 * before the message's file is written, so it is awaited, for at most `timeoutMs`.
 */
export async function latestMessage(to: string, timeoutMs = 15_000): Promise<{ code?: string; text: string; subject: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [entry] = readOutbox(process.env.E2E_DATA_DIR ?? ".data-e2e", { to, limit: 1 });
    if (entry) return entry;
    if (Date.now() > until) throw new Error(`no message to ${to} in the outbox after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The code of the latest message to an address; a message without one fails with what it said instead. */
export async function latestCode(to: string, timeoutMs?: number): Promise<string> {
  const message = await latestMessage(to, timeoutMs);
  if (!message.code) throw new Error(`the latest message to ${to} carries no code: ${message.subject} — ${message.text.slice(0, 120)}`);
  return message.code;
}
