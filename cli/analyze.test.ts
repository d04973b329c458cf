import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "lib/domain/statements/fixtures");

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "--conditions=react-server", "cli/index.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

describe("cli analyze", () => {
  it("prints the JSON a QA script reads: format, encoding, skipped rows, round trips and the summary", async () => {
    const { stdout, code } = await cli("analyze", path.join(FIXTURES, "ths.xls"), "--json");
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(["format", "encoding", "fills", "events", "skipped", "roundTrips", "summary"]);
    expect(json.format).toBe("ths");
    expect(json.encoding).toBe("gb18030");
    expect(json.skipped).toEqual([{ line: 5, reason: "成交数量不是数字：“1OO”" }]);
    expect(json.roundTrips[1]).toEqual({
      code: "000651", name: "格力电器", openDate: "2024-03-11", closeDate: "2024-03-13", quantity: 500,
      buyAmount: 10000, sellAmount: 9000, fees: 14.69, pnl: -1014.69, holdingDays: 2,
    });
    expect(json.summary).toMatchObject({ realizedPnl: 451.33, totalFees: 52.67, roundTrips: 3, wins: 2, losses: 1, maxConsecutiveWins: 1, maxConsecutiveLosses: 1 });
  }, 60_000);

  it("prints a readable report and refuses a binary .xls with the re-save advice", async () => {
    const text = await cli("analyze", path.join(FIXTURES, "haitong.xlsx"));
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^format\s+海通/m);
    expect(text.stdout).toContain("summary");

    const biff = path.join(require("node:os").tmpdir(), `biff-${process.pid}.xls`);
    require("node:fs").writeFileSync(biff, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
    const refused = await cli("analyze", biff);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/xlsx/);
  }, 60_000);
});
