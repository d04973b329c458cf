import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { masters, statements, tradeNotes } from "@/lib/db/schema";
import { actorUserId, assertEditorRights, type Actor } from "@/lib/server/auth/roles";
import { invalidateAnalyses } from "./analysis-cache";

export const MasterInput = z.object({
  name: z.string().trim().min(1, "请填写名称").max(40, "名称最多 40 个字"),
  bio: z.string().trim().max(500, "简介最多 500 字").default(""),
  styleTags: z.array(z.string().trim().min(1).max(8)).max(6, "最多 6 个风格标签").default([]),
  disclosureDelayDays: z.coerce.number().int("延迟天数须为整数").min(0, "延迟天数不能为负").max(250, "延迟最多 250 个交易日").default(0),
});

/** Editors and administrators (and the operator's `statements:import`). */
export async function createMaster(actor: Actor | null, input: z.input<typeof MasterInput>) {
  assertEditorRights(actor);
  const values = MasterInput.parse(input);
  const [row] = await (await db()).insert(masters).values(values).returning();
  return row!;
}

/** Editors and administrators: the profile and the disclosure delay. */
export async function updateMaster(actor: Actor | null, guid: string, input: z.input<typeof MasterInput>) {
  assertEditorRights(actor);
  const values = MasterInput.parse(input);
  const [row] = await (await db()).update(masters).set(values).where(eq(masters.guid, guid)).returning();
  invalidateAnalyses();
  return row ?? null;
}

export async function masterExists(guid: string): Promise<boolean> {
  const [row] = await (await db()).select({ guid: masters.guid }).from(masters).where(eq(masters.guid, guid)).limit(1);
  return !!row;
}

/** Every statement of a master, drafts included, for the editors. */
export async function masterStatements(guid: string) {
  return (await db()).select().from(statements).where(eq(statements.masterGuid, guid)).orderBy(desc(statements.createdAt));
}

export const NoteInput = z.object({
  tradeDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD"),
  code: z.string().regex(/^(\d{6})?$/, "代码应为 6 位数字，或留空表示全天").default(""),
  note: z.string().trim().max(2000, "备注最多 2000 字"),
});

/** Sets (or, with an empty text, removes) the editor's note on a master's trade day. Editors and administrators. */
export async function setTradeNote(actor: Actor | null, guid: string, input: z.input<typeof NoteInput>): Promise<void> {
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

export async function masterNotes(guid: string) {
  return (await db()).select().from(tradeNotes).where(eq(tradeNotes.masterGuid, guid)).orderBy(desc(tradeNotes.tradeDate)).limit(100);
}
