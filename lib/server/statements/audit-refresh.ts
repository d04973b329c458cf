import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { defineJobKind } from "@/lib/server/jobs/kind";
import type { ScheduledJobKind } from "@/lib/server/jobs/scheduled";
import { logger } from "@/lib/server/logger";
import { AUDIT_FINGERPRINT, reauditStatement, staleAuditStatements } from "./audit";

/**
 * The 交割单体检 worked out again when its rules or their data changed (docs/adr/0079): a statement audited under
 * another fingerprint than today's (a release with a new holiday, fee step, limit date or rule) is audited again in
 * the job worker, never in a request. Queued by the worker's schedule while such statements exist, once per
 * fingerprint and first stale statement.
 */

export const AUDIT_REFRESH_KIND = "audit-refresh";

const AuditRefreshPayload = z.object({ fingerprint: z.string() });

/** statements audited per run: a run keeps within the job's lease, the next minute's schedule queues the rest */
const PER_RUN = 200;

export const auditRefreshJob = defineJobKind({
  name: AUDIT_REFRESH_KIND,
  payload: AuditRefreshPayload,
  async handle({ fingerprint }, { signal }) {
    // queued by an instance of another release: that release's rules are not this one's
    if (fingerprint !== AUDIT_FINGERPRINT) return;
    const database = await db();
    const stale = await staleAuditStatements(database, PER_RUN);
    for (const id of stale) {
      if (signal?.aborted) throw new Error(`${AUDIT_REFRESH_KIND} interrupted: the job worker is stopping`);
      await reauditStatement(database, id);
    }
    if (stale.length > 0) logger().info({ statements: stale.length, fingerprint }, "交割单体检: statements audited again under today's rules");
  },
});

export const auditRefreshSchedule: ScheduledJobKind<typeof AuditRefreshPayload> = {
  kind: auditRefreshJob,
  async next(now, database) {
    const [first] = await staleAuditStatements(database ?? (await db()), 1);
    if (!first) return null;
    return { id: `${AUDIT_FINGERPRINT}:${first}`, runAfter: now, payload: { fingerprint: AUDIT_FINGERPRINT } };
  },
};
