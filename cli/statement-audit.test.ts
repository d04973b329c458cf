import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { importStatement } from "@/lib/server/statements/import";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { closeStatementParser } from "@/lib/server/statements/parser-pool";
import { runCommand } from "./run-command.test-support";
import { registerStatementCommands } from "./statements";

/**
 * `import:statement` → `import:bars` → `statement:audit`, with no server: the audit is brought up to date from the
 * stored bars and printed.
 */
process.env.LOG_LEVEL = "silent";
const utf8 = (s: string) => new TextEncoder().encode(s);
const cli = (...args: string[]) => runCommand(registerStatementCommands, ...args);

const STATEMENT = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  // inside the day's range
  "20240304,09:35:00,600036,招商银行,证券买入,1000,30.10,30100.00,-30105.00,5.00,0.00",
  // 31.90 is above 2024-03-05's high of 30.60
  "20240305,10:10:00,600036,招商银行,证券卖出,1000,31.90,31900.00,31879.05,5.00,15.95",
  // no bar for that day
  "20240306,10:10:00,600036,招商银行,证券买入,100,30.20,3020.00,-3025.00,5.00,0.00",
].join("\n");
const BARS = ["date,open,high,low,close,volume", "2024-03-01,29.80,30.20,29.70,30.00,40000000", "2024-03-04,30.00,30.40,29.90,30.20,50000000", "2024-03-05,30.20,30.60,30.00,30.40,50000000"].join("\n");

describeOnEachEngine("cli statement:audit", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "audit-cli-"));
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeStatementParser();
  });

  it("prints the fills checked, verified, unverifiable and each failure with its rule", async () => {
    const master = await createMaster(OPERATOR, { name: "体检大神" });
    await importStatement(OPERATOR, utf8(STATEMENT), "a.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    const barsFile = path.join(dir, "600036.csv");
    writeFileSync(barsFile, BARS);
    const bars = await cli("import:bars", barsFile);
    expect(bars.error).toBeNull();
    expect(bars.out).toContain("1 statements checked again against the new bars (交割单体检)");
    const { out, error } = await cli("statement:audit", master.guid, "--json");
    expect(error).toBeNull();
    expect(JSON.parse(out.join("\n"))).toEqual({
      checkedFills: 3,
      verifiedFills: 1,
      unverifiable: 1,
      failures: [{ date: "2024-03-05", time: "10:10:00", code: "600036", side: "sell", price: 31.9, quantity: 1000, rule: "price-outside-range", message: "成交价 31.90 高于当日最高 30.60" }],
    });
    const human = await cli("statement:audit", master.guid);
    expect(human.out[0]).toBe("体检大神: 3 笔成交中 1 笔经行情核验，1 笔未通过，1 笔无行情可核验");
    expect(human.out[1]).toContain("[price-outside-range] 成交价 31.90 高于当日最高 30.60");
  });

  it("refuses what is not a master's guid", async () => {
    expect((await cli("statement:audit", "abc")).error).toContain("not a master's guid: abc");
  });
});
