import "server-only";
import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/lib/db";
import { masters, statements } from "@/lib/db/schema";
import { assertEditorRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { masterByGuid } from "@/lib/server/content/masters";
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
  const master = await masterByGuid(guid);
  if (!master) return null;
  const [list, notes] = await Promise.all([masterStatements(guid), masterNotes(guid)]);
  return { master, statements: list, notes };
}

/** The statement when it belongs to that master (null otherwise): actions on a master's page touch only its own files. */
export async function statementOfMaster(guid: string, statementId: string): Promise<{ id: string; isPublic: boolean } | null> {
  const [row] = await (await db())
    .select({ id: statements.id, isPublic: statements.isPublic })
    .from(statements)
    .where(and(eq(statements.id, statementId), eq(statements.masterGuid, guid)))
    .limit(1);
  return row ?? null;
}

/** Chinese texts for the issues a schema leaves in zod's default (English) words, by the field they concern. */
const FIELD_MESSAGES: Record<string, string> = {
  name: "请填写名称",
  bio: "简介格式无效",
  styleTags: "风格标签每个 1–8 个字，最多 6 个",
  disclosureDelayDays: "延迟天数须为 0–250 的整数",
  tradeDate: "日期格式应为 YYYY-MM-DD",
  code: "代码应为 6 位数字，或留空表示全天",
  note: "请填写点评内容",
  statementId: "交割单编号无效",
};

/**
 * A per-parse zod error map: schema messages (already Chinese) win; this fills in the rest by field, so a route
 * handler can answer `issues[0].message` as is.
 */
export const chineseIssues: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path?.find((p): p is string => typeof p === "string" && p in FIELD_MESSAGES);
  return field ? FIELD_MESSAGES[field] : "参数无效";
};
