import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { auditFills } from "@/lib/domain/audit/audit";
import type { NameSpan } from "@/lib/domain/audit/name-rule";
import { auditRulesData } from "@/lib/domain/audit/rules-data";
import type { AuditedFailure, AuditFailure, FillAudit } from "@/lib/domain/audit/types";
import type { Fill, StatementEvent } from "@/lib/domain/statements/types";
import type { Database } from "@/lib/db";
import { marketBars, statementEvents, statementFills, statements, stockLimits, stockNames, stockSuspensions } from "@/lib/db/schema";
import { barsByCode } from "@/lib/server/market/bars";
import { marketCalendar } from "@/lib/server/market/calendar";
import { fillIdentity, rowToEvent, rowToFill } from "./rows";

/**
 * 交割单体检 stored per fill (docs/adr/0079): worked out when a statement is stored, again when bars arrive for its
 * fills' days (a market sync, `import:bars`) and when the CLI asks, so pages read it without recomputing.
 */

/** The audit of a fill nothing real can check (a demo statement's, against 模拟行情). */
export const NOT_CHECKED: FillAudit = Object.freeze({ status: "unverifiable", failures: [] }) as FillAudit;

/** The rules and rule data audits are worked out with now: stored on each audited statement (docs/adr/0079). */
export const AUDIT_FINGERPRINT = createHash("sha256").update(JSON.stringify(auditRulesData())).digest("hex").slice(0, 16);

/**
 * The audits of a statement's fills before they are stored: against the bars, suspensions, limit prices and names
 * already stored, and the calendar.
 */
export async function auditReport(database: Database, fills: readonly Fill[], events: readonly StatementEvent[]): Promise<FillAudit[]> {
  if (fills.length === 0) return [];
  const codes = [...new Set(fills.map((f) => f.code))];
  const dates = fills.map((f) => f.date).sort();
  const [calendar, bars, suspended, names, limits] = await Promise.all([
    marketCalendar(database),
    barsByCode(codes, database),
    database
      .select({ code: stockSuspensions.code, date: stockSuspensions.tradeDate })
      .from(stockSuspensions)
      .where(and(inArray(stockSuspensions.code, codes), gte(stockSuspensions.tradeDate, dates[0]!), lte(stockSuspensions.tradeDate, dates.at(-1)!))),
    database.select().from(stockNames).where(inArray(stockNames.code, codes)),
    database
      .select({ code: stockLimits.code, date: stockLimits.tradeDate, up: stockLimits.upLimit, down: stockLimits.downLimit })
      .from(stockLimits)
      .where(and(inArray(stockLimits.code, codes), gte(stockLimits.tradeDate, dates[0]!), lte(stockLimits.tradeDate, dates.at(-1)!))),
  ]);
  const limitsOf = new Map(limits.map((r) => [`${r.code}|${r.date}`, { up: r.up, down: r.down }]));
  const suspendedDays = new Set(suspended.map((r) => `${r.code}|${r.date}`));
  const spans = new Map<string, NameSpan[]>();
  for (const r of names) (spans.get(r.code) ?? spans.set(r.code, []).get(r.code)!).push({ name: r.name, from: r.dateFrom, to: r.dateTo });
  return auditFills({
    fills, events, calendar,
    barsOf: (code) => bars.get(code),
    suspendedOn: (code, date) => suspendedDays.has(`${code}|${date}`),
    limitsOn: (code, date) => limitsOf.get(`${code}|${date}`),
    namesOf: (code) => spans.get(code),
  });
}

/** Audits a stored statement's fills again and writes the result. */
export async function reauditStatement(database: Database, statementId: string): Promise<void> {
  const [fillRows, eventRows] = await Promise.all([
    database.select().from(statementFills).where(eq(statementFills.statementId, statementId)).orderBy(asc(statementFills.line)),
    database.select().from(statementEvents).where(eq(statementEvents.statementId, statementId)),
  ]);
  const audits = await auditReport(database, fillRows.map(rowToFill), eventRows.map(rowToEvent));
  if (audits.length === 0) return;
  const json = fillRows.map((row, i) => ({ id: row.id, status: audits[i]!.status, failures: audits[i]!.failures }));
  await database.execute(sql`
    update ${statementFills} as f set audit_status = r.status, audit_failures = r.failures
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(id bigint, status text, failures jsonb)
    where f.id = r.id`);
  await database.update(statements).set({ auditFingerprint: AUDIT_FINGERPRINT }).where(eq(statements.id, statementId));
}

/** Statements with a fill of one of `codes` (whose suspensions or names just changed): audited again. */
export async function reauditCodes(database: Database, codes: readonly string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const rows = await database
    .selectDistinct({ statementId: statementFills.statementId })
    .from(statementFills)
    .innerJoin(statements, eq(statements.id, statementFills.statementId))
    .where(and(inArray(statementFills.code, [...codes]), ne(statements.source, "demo")));
  for (const { statementId } of rows) await reauditStatement(database, statementId);
  return rows.length;
}

/** Statements audited under other rules or rule data than today's (or never): their ids, oldest first. */
export async function staleAuditStatements(database: Database, limit = 1000): Promise<string[]> {
  const rows = await database
    .select({ id: statements.id })
    .from(statements)
    .where(and(ne(statements.source, "demo"), sql`${statements.fillCount} > 0`, or(isNull(statements.auditFingerprint), ne(statements.auditFingerprint, AUDIT_FINGERPRINT))))
    .orderBy(asc(statements.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Statements with a fill not yet checked against the market (never audited, or unverifiable then) whose day now has a
 * bar: audited again. Returns how many were.
 */
export async function reauditWhereBarsArrived(database: Database): Promise<number> {
  const rows = await database
    .selectDistinct({ statementId: statementFills.statementId })
    .from(statementFills)
    .innerJoin(marketBars, and(eq(marketBars.code, statementFills.code), eq(marketBars.tradeDate, statementFills.tradeDate)))
    .innerJoin(statements, eq(statements.id, statementFills.statementId))
    .where(and(
      eq(statementFills.market, "A"), or(isNull(statementFills.auditStatus), eq(statementFills.auditStatus, "unverifiable")), eq(statementFills.kind, "trade"),
      ne(statements.source, "demo"),
    ));
  for (const { statementId } of rows) await reauditStatement(database, statementId);
  return rows.length;
}

/** Every statement of a master's book audited again from the stored bars. */
export async function reauditMaster(database: Database, masterGuid: string): Promise<void> {
  const rows = await database
    .select({ id: statements.id })
    .from(statements)
    .where(and(eq(statements.masterGuid, masterGuid), eq(statements.isPublic, true), ne(statements.source, "demo")));
  for (const { id } of rows) await reauditStatement(database, id);
}

export interface BookAudit {
  checkedFills: number;
  verifiedFills: number;
  unverifiable: number;
  failedFills: number;
  failures: AuditedFailure[];
}

/** A day's audited fills of a master's book by identity (date, time, code, side, quantity, price): their failures. */
export async function dayAuditFailures(database: Database, masterGuid: string, day: string): Promise<Map<string, AuditFailure[]>> {
  const rows = await database
    .select({ date: statementFills.tradeDate, time: statementFills.tradeTime, code: statementFills.code, side: statementFills.side, quantity: statementFills.quantity, price: statementFills.price, failures: statementFills.auditFailures })
    .from(statementFills)
    .where(and(eq(statementFills.masterGuid, masterGuid), eq(statementFills.tradeDate, day), eq(statementFills.auditStatus, "failed")));
  return new Map(rows.map((r) => [fillIdentity(r), r.failures as AuditFailure[]]));
}

/** The stored audit of a book: a master's published statements, or one statement. */
export async function bookAudit(database: Database, book: { masterGuid: string } | { statementId: string }, through?: string): Promise<BookAudit> {
  // a fill carries its master only once its statement is published into the master's book
  const owner = "masterGuid" in book ? eq(statementFills.masterGuid, book.masterGuid) : eq(statementFills.statementId, book.statementId);
  // what a viewer may not see yet is not listed, nor counted
  const where = through ? and(owner, lte(statementFills.tradeDate, through)) : owner;
  const [counts] = await database
    .select({
      checked: sql<number>`count(*)::int`,
      passed: sql<number>`count(*) filter (where ${statementFills.auditStatus} = 'passed')::int`,
      failed: sql<number>`count(*) filter (where ${statementFills.auditStatus} = 'failed')::int`,
    })
    .from(statementFills)
    .where(where);
  const failedRows = await database
    .select({
      date: statementFills.tradeDate, time: statementFills.tradeTime, code: statementFills.code, name: statementFills.name, side: statementFills.side,
      price: statementFills.price, quantity: statementFills.quantity, failures: statementFills.auditFailures,
    })
    .from(statementFills)
    .where(and(where, eq(statementFills.auditStatus, "failed")))
    .orderBy(asc(statementFills.tradeDate), asc(statementFills.tradeTime), asc(statementFills.line));
  const checked = counts?.checked ?? 0;
  const passed = counts?.passed ?? 0;
  const failed = counts?.failed ?? 0;
  return {
    checkedFills: checked,
    verifiedFills: passed,
    failedFills: failed,
    unverifiable: checked - passed - failed,
    failures: failedRows.flatMap((r) =>
      (r.failures as AuditFailure[]).map((f) => ({ date: r.date, time: r.time, code: r.code, name: r.name, side: r.side, price: r.price, quantity: r.quantity, rule: f.rule, message: f.message })),
    ),
  };
}
