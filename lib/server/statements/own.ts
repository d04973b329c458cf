import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { statements } from "@/lib/db/schema";
import { hasAdminRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { importStatement } from "./import";

/** A member saves their own statement; private unless they choose to publish it on their page. */
export async function saveOwnStatement(viewer: Viewer, bytes: Uint8Array, fileName: string, isPublic: boolean, signal?: AbortSignal) {
  return importStatement(viewer, bytes, fileName, { kind: "member", ownerId: viewer.userId, isPublic }, { signal });
}

export type OwnStatementRow = typeof statements.$inferSelect;

/** A member statement the viewer may read: their own, a published one, or any for an administrator (members' data, ADR 0028). Null otherwise (a 404). */
export async function readableMemberStatement(viewer: Viewer | null, statementId: string): Promise<OwnStatementRow | null> {
  const [row] = await (await db()).select().from(statements).where(eq(statements.id, statementId)).limit(1);
  if (!row || !row.ownerId) return null;
  if (row.ownerId === viewer?.userId || row.isPublic || hasAdminRights(viewer)) return row;
  return null;
}

export async function myStatements(viewer: Viewer) {
  return (await db())
    .select()
    .from(statements)
    .where(and(eq(statements.ownerId, viewer.userId)))
    .orderBy(desc(statements.createdAt))
    .limit(50);
}

/** The statements a member has published, for their public page (their own page also lists the private ones). */
export async function statementsOnMemberPage(viewer: Viewer | null, ownerId: string) {
  const own = viewer?.userId === ownerId;
  return (await db())
    .select({ id: statements.id, title: statements.title, fileName: statements.fileName, formatLabel: statements.formatLabel, fillCount: statements.fillCount, isPublic: statements.isPublic, firstDate: statements.firstDate, lastDate: statements.lastDate })
    .from(statements)
    .where(own ? eq(statements.ownerId, ownerId) : and(eq(statements.ownerId, ownerId), eq(statements.isPublic, true)))
    .orderBy(desc(statements.createdAt))
    .limit(20);
}

/** A member publishes or hides their own statement; false when it is not theirs. */
export async function setOwnStatementVisibility(viewer: Viewer, statementId: string, isPublic: boolean): Promise<boolean> {
  const rows = await (await db())
    .update(statements)
    .set({ isPublic })
    .where(and(eq(statements.id, statementId), eq(statements.ownerId, viewer.userId)))
    .returning({ id: statements.id });
  return rows.length > 0;
}

/** A member deletes their own statement (its fills, events and round trips go with it). */
export async function deleteOwnStatement(viewer: Viewer, statementId: string): Promise<boolean> {
  const rows = await (await db())
    .delete(statements)
    .where(and(eq(statements.id, statementId), eq(statements.ownerId, viewer.userId)))
    .returning({ id: statements.id });
  return rows.length > 0;
}
