import { readFileSync } from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { upsertBars } from "@/lib/server/market/bars";
import { bookAudit, reauditWhereBarsArrived } from "./audit";
import { importStatement } from "./import";
import { createMaster } from "./masters-admin";
import { closeStatementParser } from "./parser-pool";

/** The stored 交割单体检: written on import, brought up to date when bars arrive, read up to what a viewer may see. */
process.env.LOG_LEVEL = "silent";
const FORGED = new Uint8Array(readFileSync(path.join(process.cwd(), "e2e/fixtures/audit-forged.csv")));
const bar = (date: string, low: number, high: number, close: number) => ({ code: "600036", date, open: close, high, low, close, volume: 50_000_000, amount: null });

describeOnEachEngine("stored fill audits", () => {
  afterAll(() => closeStatementParser());

  it("are unverifiable until the bars arrive, then checked; a viewer's date cuts what is counted and listed", async () => {
    const master = await createMaster(OPERATOR, { name: "体检测试" });
    await importStatement(OPERATOR, FORGED, "forged.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    const database = await db();
    expect(await bookAudit(database, { masterGuid: master.guid })).toEqual({ checkedFills: 3, verifiedFills: 0, failedFills: 0, unverifiable: 3, failures: [] });

    await upsertBars([bar("2024-03-01", 29.7, 30.2, 30), bar("2024-03-04", 29.9, 30.4, 30.2), bar("2024-03-05", 30, 30.6, 30.4)], { source: "import" });
    expect(await reauditWhereBarsArrived(database)).toBe(1);
    // nothing left that a bar could now check
    expect(await reauditWhereBarsArrived(database)).toBe(0);
    const audit = await bookAudit(database, { masterGuid: master.guid });
    expect(audit).toMatchObject({ checkedFills: 3, verifiedFills: 1, failedFills: 1, unverifiable: 1 });
    expect(audit.failures).toEqual([
      { date: "2024-03-05", time: "10:10:00", code: "600036", name: "招商银行", side: "sell", price: 31.9, quantity: 1000, rule: "price-outside-range", message: "成交价 31.90 高于当日最高 30.60" },
    ]);
    expect(await bookAudit(database, { masterGuid: master.guid }, "2024-03-04")).toEqual({ checkedFills: 1, verifiedFills: 1, failedFills: 0, unverifiable: 0, failures: [] });
  });
});
