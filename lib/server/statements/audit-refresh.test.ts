import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { statementFills, statements } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR } from "@/lib/server/auth/roles";
import { runDueJobs } from "@/lib/server/jobs/queue";
import { enqueueNextOccurrence } from "@/lib/server/jobs/scheduled";
import { upsertBars } from "@/lib/server/market/bars";
import { AUDIT_FINGERPRINT, staleAuditStatements } from "./audit";
import { AUDIT_REFRESH_KIND, auditRefreshJob, auditRefreshSchedule } from "./audit-refresh";
import { importStatement } from "./import";
import { createMaster } from "./masters-admin";
import { closeStatementParser } from "./parser-pool";

/** Stored audits made under other rules are worked out again by the job worker, never in a request (docs/adr/0079). */
process.env.LOG_LEVEL = "silent";
const FORGED = new Uint8Array(readFileSync(path.join(process.cwd(), "e2e/fixtures/audit-forged.csv")));
const bar = (date: string, low: number, high: number, close: number) => ({ code: "600036", date, open: close, high, low, close, volume: 50_000_000, amount: null });

describeOnEachEngine("the audit refresh after a change of rules", () => {
  afterAll(() => closeStatementParser());

  it("queues a run while a statement was audited under another fingerprint, and the run audits it again", async () => {
    const master = await createMaster(OPERATOR, { name: "规则变更" });
    const { statementId } = await importStatement(OPERATOR, FORGED, "forged.csv", { kind: "master", masterGuid: master.guid, isPublic: true });
    const database = await db();
    expect(await staleAuditStatements(database)).toEqual([]);
    expect(await auditRefreshSchedule.next(new Date(), database)).toBeNull();

    // bars stored behind the sync's back, and the statement audited by an earlier release's rules
    await upsertBars([bar("2024-03-01", 29.7, 30.2, 30), bar("2024-03-04", 29.9, 30.4, 30.2), bar("2024-03-05", 30, 30.6, 30.4)], { source: "import" });
    await database.update(statements).set({ auditFingerprint: "an-older-release" }).where(eq(statements.id, statementId));
    expect(await staleAuditStatements(database)).toEqual([statementId]);

    const now = new Date();
    expect(await enqueueNextOccurrence(auditRefreshSchedule, now, database)).toMatchObject({ id: `${AUDIT_FINGERPRINT}:${statementId}` });
    expect(await runDueJobs({ [AUDIT_REFRESH_KIND]: auditRefreshJob.run })).toMatchObject({ done: 1, failed: 0 });

    const [stored] = await database.select({ fp: statements.auditFingerprint }).from(statements).where(eq(statements.id, statementId));
    expect(stored!.fp).toBe(AUDIT_FINGERPRINT);
    const statuses = (await database.select({ s: statementFills.auditStatus }).from(statementFills).where(eq(statementFills.statementId, statementId))).map((r) => r.s);
    expect(statuses.sort()).toEqual(["failed", "passed", "unverifiable"]);
    expect(await auditRefreshSchedule.next(new Date(), database)).toBeNull();
  });
});
