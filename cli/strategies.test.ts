import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Command } from "commander";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { strategies, strategyApiKeys, strategyNav } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { strategyForKey } from "@/lib/server/quant/api-keys";
import { registerStrategyCommands } from "./strategies";

process.env.LOG_LEVEL = "silent";

/** Runs one command in-process against the test database; returns what it printed and the error it failed with. */
async function cli(...args: string[]): Promise<{ out: string[]; err: string[]; error: string | null }> {
  const program = new Command().exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  registerStrategyCommands(program);
  const out: string[] = [];
  const err: string[] = [];
  const log = jest.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  const error = jest.spyOn(console, "error").mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
  try {
    await program.parseAsync(args, { from: "user" });
    return { out, err, error: null };
  } catch (e) {
    return { out, err, error: (e as Error).message };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describeOnEachEngine("cli strategy:*", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "strategy-cli-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  it("creates a strategy, makes a key printed alone on the last line, lists and revokes it", async () => {
    const created = await cli("strategy:create", "--name", "CLI 策略", "--author", "运维", "--status", "live", "--start", "2024-01-02");
    expect(created.error).toBeNull();
    const guid = created.out.at(-1)!;
    const [row] = await (await db()).select().from(strategies).where(eq(strategies.guid, guid));
    expect(row).toMatchObject({ name: "CLI 策略", status: "live", benchmark: "000300.SH", startDate: "2024-01-02" });

    const made = await cli("strategy:key", guid);
    expect(made.error).toBeNull();
    const key = made.out.at(-1)!;
    expect(key).toMatch(/^lh_sk_[A-Za-z0-9_-]{43}$/);
    expect(await strategyForKey(key)).toBe(guid);

    const listed = await cli("strategy:keys", guid);
    expect(listed.out).toHaveLength(1);
    expect(listed.out[0]).toContain(`${key.slice(0, 12)}…`);
    expect(listed.out[0]).not.toContain(key);
    expect(listed.out[0]).toMatch(/live$/);

    const [{ id }] = (await (await db()).select({ id: strategyApiKeys.id }).from(strategyApiKeys).where(eq(strategyApiKeys.strategyGuid, guid))) as [{ id: string }];
    expect((await cli("strategy:key", guid, "--revoke", id)).out).toEqual([`revoked key ${id}`]);
    expect(await strategyForKey(key)).toBeNull();
    expect((await cli("strategy:key", guid, "--revoke", id)).error).toContain("no live key");
    expect((await cli("strategy:keys", guid)).out[0]).toMatch(/revoked/);
  });

  it("refuses bad arguments and unknown strategies", async () => {
    expect((await cli("strategy:key", "not-a-guid")).error).toContain("expected a strategy guid");
    expect((await cli("strategy:key", "5f0c1d2e-3a4b-4c5d-8e6f-000000000000")).error).toContain("no strategy with guid");
    expect((await cli("strategy:create", "--name", "x", "--author", "y", "--status", "real", "--start", "2024-01-02")).error).toContain("status");
    expect((await cli("strategy:import-nav", "5f0c1d2e-3a4b-4c5d-8e6f-000000000000", path.join(dir, "missing.csv"))).error).toContain("cannot read");
  });

  it("imports NAV and fills CSVs, printing every bad line and storing nothing when any is bad", async () => {
    const guid = (await cli("strategy:create", "--name", "导入", "--author", "运维", "--status", "backtest", "--start", "2024-01-02")).out.at(-1)!;
    const bad = await cli("strategy:import-nav", guid, file("bad.csv", "date,nav\n2024-01-02,1\n2024-01-03,0\n2024-13-01,1\n"));
    expect(bad.error).toBe("2 bad line(s) — nothing stored");
    expect(bad.err).toEqual([expect.stringMatching(/^ {2}line 3: /), expect.stringMatching(/^ {2}line 4: /)]);
    expect(await (await db()).select().from(strategyNav).where(eq(strategyNav.strategyGuid, guid))).toHaveLength(0);

    const good = file("nav.csv", "date,nav\n2024-01-02,1\n2024-01-03,1.01\n");
    expect((await cli("strategy:import-nav", guid, good)).out).toEqual(["nav: 2 added, 0 already stored (skipped), 2 data rows, utf-8"]);
    expect((await cli("strategy:import-nav", guid, good)).out).toEqual(["nav: 0 added, 2 already stored (skipped), 2 data rows, utf-8"]);

    const fills = file("fills.csv", "date,time,code,name,side,quantity,price\n2024-01-02,09:35,600519,贵州茅台,买入,100,1700\n");
    expect((await cli("strategy:import-fills", guid, fills)).out).toEqual(["fills: 1 added, 0 already stored (skipped), 1 data rows, utf-8"]);
  });
});
