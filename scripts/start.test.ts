import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

function startWith(dataDir: string, { cwd = process.cwd(), script = "scripts/start.mjs" } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "3999" };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, [script], { cwd, env, encoding: "utf8", timeout: 20_000 });
}

describe("npm start", () => {
  it("refuses a data directory a running process holds, before building, naming that process", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-lock-"));
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
    const run = startWith(dataDir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`is already in use by process ${process.pid}`);
    expect(run.stdout).not.toMatch(/build/i);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts the server with the production V8 flags (ADR 0021)", () => {
    // A stand-in tree: an up-to-date build stamp and a `next` that reports the flags it was started with.
    const tree = fs.mkdtempSync(path.join(os.tmpdir(), "start-flags-"));
    const stamp = spawnSync(process.execPath, ["--input-type=module", "-e", `import { sourceStamp } from ${JSON.stringify(path.resolve("scripts/build-if-needed.mjs"))}; process.stdout.write(sourceStamp());`], { cwd: tree, encoding: "utf8" });
    expect(stamp.status).toBe(0);
    fs.mkdirSync(path.join(tree, ".next"));
    fs.writeFileSync(path.join(tree, ".next", "BUILD_ID"), "test");
    fs.writeFileSync(path.join(tree, ".next", "source-stamp"), stamp.stdout);
    const bin = path.join(tree, "node_modules", "next", "dist", "bin");
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, "next"), "console.log(JSON.stringify({ execArgv: process.execArgv, argv: process.argv.slice(2) }));\n");

    const run = startWith(path.join(tree, "data"), { cwd: tree, script: path.resolve("scripts/start.mjs") });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/Building/); // the stand-in build is current: only `next start` ran
    const started = JSON.parse(run.stdout.trim().split("\n").at(-1)!);
    expect(started.argv).toEqual(["start", "-p", "3999"]);
    expect(started.execArgv).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
    expect(SERVER_NODE_FLAGS).toContain("--max-semi-space-size=64");
    fs.rmSync(tree, { recursive: true, force: true });
  });
});
