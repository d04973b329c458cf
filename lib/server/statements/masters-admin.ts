import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters, statements, tradeNotes } from "@/lib/db/schema";
import { MasterInput, NoteInput } from "@/lib/domain/statements/schemas";
import { actorUserId, assertEditorRights, type Actor } from "@/lib/server/auth/roles";
import { invalidateAnalyses } from "./analysis-cache";
import { masterPath } from "@/lib/domain/seo";
import { queueBaiduPush } from "@/lib/server/seo/baidu-push";

/** Editors and administrators (and the operator's `statements:import`). */
export async function createMaster(actor: Actor | null, input: MasterInput) {
  assertEditorRights(actor);
  const values = MasterInput.parse(input);
  const database = await db();
  const [row] = await database.insert(masters).values(values).returning();
  await queueBaiduPush(database, `master:${row!.guid}`, [masterPath(row!.guid)]);
  return row!;
}

/** Editors and administrators: the profile and the disclosure delay. */
export async function updateMaster(actor: Actor | null, guid: string, input: MasterInput) {
  assertEditorRights(actor);
  const values = MasterInput.parse(input);
  const [row] = await (await db()).update(masters).set(values).where(eq(masters.guid, guid)).returning();
  invalidateAnalyses();
  return row ?? null;
}

/** Every statement of a master, drafts included, for the editors. */
export async function masterStatements(actor: Actor, guid: string) {
  assertEditorRights(actor);
  return (await db()).select().from(statements).where(eq(statements.masterGuid, guid)).orderBy(desc(statements.createdAt));
}

/** Sets (or, with an empty text, removes) the editor's note on a master's trade day. Editors and administrators. */
export async function setTradeNote(actor: Actor | null, guid: string, input: NoteInput): Promise<void> {
  assertEditorRights(actor);
  const editorId = actorUserId(actor);
  const { tradeDate, code, note } = NoteInput.parse(input);
  const database = await db();
  if (!note) {
    await database.delete(tradeNotes).where(sql`${tradeNotes.masterGuid} = ${guid} and ${tradeNotes.tradeDate} = ${tradeDate} and ${tradeNotes.code} = ${code}`);
    return;
  }
  await database
    .insert(tradeNotes)
    .values({ masterGuid: guid, tradeDate, code, note, updatedBy: editorId })
    .onConflictDoUpdate({ target: [tradeNotes.masterGuid, tradeNotes.tradeDate, tradeNotes.code], set: { note, updatedBy: editorId, updatedAt: new Date() } });
}

/** The latest trade-day notes on a master, for the editors. */
export async function masterNotes(actor: Actor, guid: string) {
  assertEditorRights(actor);
  return (await db()).select().from(tradeNotes).where(eq(tradeNotes.masterGuid, guid)).orderBy(desc(tradeNotes.tradeDate)).limit(100);
}
