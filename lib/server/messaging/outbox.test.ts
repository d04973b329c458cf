import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readOutbox, writeOutbox } from "./outbox";

describe("outbox", () => {
  it("keeps each message as a file and reads the latest first, filtered by address", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-outbox-"));
    writeOutbox(dir, { channel: "email", to: "a@example.com", subject: "s1", text: "t1", code: "111111" }, new Date("2026-11-21T01:00:00Z"));
    writeOutbox(dir, { channel: "sms", to: "13800138000", subject: "s2", text: "t2", code: "222222" }, new Date("2026-11-21T02:00:00Z"));
    writeOutbox(dir, { channel: "email", to: "a@example.com", subject: "s3", text: "t3", code: "333333" }, new Date("2026-11-21T03:00:00Z"));
    expect(readOutbox(dir).map((e) => e.code)).toEqual(["333333", "222222", "111111"]);
    expect(readOutbox(dir, { to: "A@example.com", limit: 1 }).map((e) => e.code)).toEqual(["333333"]);
    expect(readOutbox(path.join(dir, "missing"))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
