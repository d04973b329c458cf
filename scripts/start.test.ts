import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

function startWith(dataDir: string, { cwd = process.cwd(), script = "scripts/start.mjs", env: extra = {} as Record<string, string> } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "3999", ...extra };
  delete env.DATABASE_URL;
  if (!("SITE_URL" in extra)) delete env.SITE_URL;
  return spawnSync(process.execPath, [script], { cwd, env, encoding: "utf8", timeout: 20_000 });
}

/** A stand-in tree: an up-to-date build stamp and a `next` that reports the flags and PORT it was started with. */
function standInTree(): string {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), "start-flags-"));
  const stamp = spawnSync(process.execPath, ["--input-type=module", "-e", `import { sourceStamp } from ${JSON.stringify(path.resolve("scripts/build-if-needed.mjs"))}; process.stdout.write(sourceStamp());`], { cwd: tree, encoding: "utf8" });
  expect(stamp.status).toBe(0);
  fs.mkdirSync(path.join(tree, ".next"));
  fs.writeFileSync(path.join(tree, ".next", "BUILD_ID"), "test");
  fs.writeFileSync(path.join(tree, ".next", "source-stamp"), stamp.stdout);
  const bin = path.join(tree, "node_modules", "next", "dist", "bin");
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, "next"), "console.log(JSON.stringify({ execArgv: process.execArgv, argv: process.argv.slice(2), port: process.env.PORT }));\n");
  return tree;
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
    const tree = standInTree();
    const run = startWith(path.join(tree, "data"), { cwd: tree, script: path.resolve("scripts/start.mjs") });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/Building/); // the stand-in build is current: only `next start` ran
    const started = JSON.parse(run.stdout.trim().split("\n").at(-1)!);
    expect(started.argv).toEqual(["start", "-p", "3999", "--keepAliveTimeout", "65000"]);
    expect(started.execArgv).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
    expect(started.port).toBe("3999");
    expect(SERVER_NODE_FLAGS).toContain("--max-semi-space-size=64");
    fs.rmSync(tree, { recursive: true, force: true });
  });

  it("says which origin absolute links use, and warns when SITE_URL names another port (ADR 0034)", () => {
    const tree = standInTree();
    const unset = startWith(path.join(tree, "data"), { cwd: tree, script: path.resolve("scripts/start.mjs") });
    expect(unset.status).toBe(0);
    expect(unset.stdout).toContain("> Origin for absolute links (e-mails, sitemap, share links): http://localhost:3999 (SITE_URL unset)");
    expect(unset.stderr).not.toContain("⚠");

    const stale = startWith(path.join(tree, "data"), { cwd: tree, script: path.resolve("scripts/start.mjs"), env: { SITE_URL: "http://localhost:3000" } });
    expect(stale.status).toBe(0);
    expect(stale.stdout).toContain("> Origin for absolute links and for forms: http://localhost:3000 (SITE_URL");
    expect(stale.stderr).toContain("⚠ SITE_URL http://localhost:3000 names port 3000, but this server listens on 3999");

    const same = startWith(path.join(tree, "data"), { cwd: tree, script: path.resolve("scripts/start.mjs"), env: { SITE_URL: "http://127.0.0.1:3999/" } });
    expect(same.stdout).toContain("http://127.0.0.1:3999 (SITE_URL");
    expect(same.stderr).not.toContain("⚠");

    const invalid = startWith(path.join(tree, "data"), { cwd: tree, script: path.resolve("scripts/start.mjs"), env: { SITE_URL: "localhost:3999" } });
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain("Invalid configuration: SITE_URL");
    fs.rmSync(tree, { recursive: true, force: true });
  });
});
