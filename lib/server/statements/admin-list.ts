import "server-only";
import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters, statements } from "@/lib/db/schema";
import { assertEditorRights, type Actor } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { findMaster } from "@/lib/server/content/masters";
import { bookAudit } from "./audit";
import { masterNotes, masterStatements } from "./masters-admin";

/** One row of the editors' list of masters: the profile essentials and how many statements are published or drafts. */
export interface AdminMasterRow {
  guid: string;
  name: string;
  isDemo: boolean;
  disclosureDelayDays: number;
  styleTags: string[];
  createdAt: Date;
  statements: number;
  published: number;
  drafts: number;
}

export const ADMIN_MASTERS_PAGE_SIZE = 50;
export const MAX_MASTER_QUERY_LENGTH = 40;

export interface AdminMasterPage {
  rows: AdminMasterRow[];
  /** masters matching the query (all when it is empty) */
  total: number;
  page: number;
  pageSize: number;
  query: string;
}

/**
 * The masters whose name contains `query` (all when empty), newest first, 50 a page, with their statement counts.
 * Staff only.
 */
export async function adminMasterList(viewer: Viewer, opts: { query?: string; page?: number } = {}): Promise<AdminMasterPage> {
  assertEditorRights(viewer);
  const query = (opts.query ?? "").trim().slice(0, MAX_MASTER_QUERY_LENGTH);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const where = query ? ilike(masters.name, `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const database = await db();
  const [{ total }] = (await database.select({ total: count() }).from(masters).where(where)) as [{ total: number }];
  // the page's masters first, then the counts of their statements only
  const page$ = database
    .select({ guid: masters.guid })
    .from(masters)
    .where(where)
    .orderBy(desc(masters.createdAt), asc(masters.name), asc(masters.guid))
    .limit(ADMIN_MASTERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_MASTERS_PAGE_SIZE)
    .as("page");
  const published = sql<number>`count(${statements.id}) filter (where ${statements.isPublic})`.mapWith(Number);
  const rows = await database
    .select({
      guid: masters.guid,
      name: masters.name,
      isDemo: masters.isDemo,
      disclosureDelayDays: masters.disclosureDelayDays,
      styleTags: masters.styleTags,
      createdAt: masters.createdAt,
      statements: count(statements.id),
      published,
    })
    .from(masters)
    .innerJoin(page$, eq(page$.guid, masters.guid))
    .leftJoin(statements, eq(statements.masterGuid, masters.guid))
    .groupBy(masters.guid)
    .orderBy(desc(masters.createdAt), asc(masters.name), asc(masters.guid));
  return { rows: rows.map((r) => ({ ...r, drafts: r.statements - r.published })), total: Number(total), page, pageSize: ADMIN_MASTERS_PAGE_SIZE, query };
}

/** A master's profile, every statement (drafts included) and the latest trade-day notes, for the editors. Staff only. */
export async function adminMasterDetail(viewer: Viewer, guid: string) {
  assertEditorRights(viewer);
  const master = await findMaster(viewer, guid);
  if (!master) return null;
  const [list, notes] = await Promise.all([masterStatements(viewer, guid), masterNotes(viewer, guid)]);
  // 交割单体检 of each file, drafts included: editors see the failures before publishing (docs/adr/0079)
  const database = await db();
  const audits = await Promise.all(list.map((s) => bookAudit(database, { statementId: s.id })));
  return { master, statements: list.map((s, i) => ({ ...s, audit: audits[i]! })), notes };
}

/**
 * The statement when it belongs to that master (null otherwise): actions on a master's page touch only its own files.
 * Editors and administrators.
 */
export async function statementOfMaster(actor: Actor, guid: string, statementId: string): Promise<{ id: string; isPublic: boolean } | null> {
  assertEditorRights(actor);
  const [row] = await (await db())
    .select({ id: statements.id, isPublic: statements.isPublic })
    .from(statements)
    .where(and(eq(statements.id, statementId), eq(statements.masterGuid, guid)))
    .limit(1);
  return row ?? null;
}
