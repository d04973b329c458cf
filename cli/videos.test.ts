import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reloadConfigForTests } from "@/lib/config";
import { runCommand } from "./run-command.test-support";
import { registerVideoCommands } from "./videos";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-cli-video-"));
const DEMO = path.join(process.cwd(), "lib/db/seed/videos/demo-limit-up-queue.mp4");

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  reloadConfigForTests();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  reloadConfigForTests();
});

describe("cli video:add", () => {
  it("stores the MP4 in the object store and prints the address an article gives", async () => {
    const { out, error } = await runCommand(registerVideoCommands, "video:add", DEMO);
    expect(error).toBeNull();
    const address = out[0]!;
    expect(address).toMatch(/^\/api\/videos\/[0-9a-f]{32}\.mp4$/);
    const stored = path.join(dataDir, "uploads", "videos", address.split("/").pop()!);
    expect(fs.readFileSync(stored).equals(fs.readFileSync(DEMO))).toBe(true);
  });

  it("refuses a file that is not an MP4, and a missing one, storing nothing", async () => {
    const html = path.join(dataDir, "lesson.mp4");
    fs.writeFileSync(html, "<html>not a video</html>");
    const before = fs.existsSync(path.join(dataDir, "uploads", "videos")) ? fs.readdirSync(path.join(dataDir, "uploads", "videos")).length : 0;
    expect((await runCommand(registerVideoCommands, "video:add", html)).error).toBe(`${html}: not an MP4 file (no ftyp box at its start)`);
    expect((await runCommand(registerVideoCommands, "video:add", path.join(dataDir, "none.mp4"))).error).toMatch(/^cannot read .*none\.mp4/);
    const after = fs.existsSync(path.join(dataDir, "uploads", "videos")) ? fs.readdirSync(path.join(dataDir, "uploads", "videos")).length : 0;
    expect(after).toBe(before);
  });
});
