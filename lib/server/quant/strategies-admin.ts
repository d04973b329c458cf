import "server-only";
import { and, count, desc, eq, isNull, max, min, sql } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { strategies, strategyApiKeys, strategyFills, strategyNav, strategySignals } from "@/lib/db/schema";
import { StrategyInput } from "@/lib/domain/quant/schemas";
import type { StrategyStatus } from "@/lib/domain/quant/types";
import { assertAdminRights, assertEditorRights, hasAdminRights, type Actor } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { listStrategyKeys, type StrategyKeyRow } from "./api-keys";
import { findStrategy } from "./find-strategy";

/** Administrators only (and the operator's `strategy:create`): a new strategy sets its status and start date. */
export async function createStrategy(actor: Actor | null, input: StrategyInput, database?: Database) {
  assertAdminRights(actor);
  const values = StrategyInput.parse(input);
  const [row] = await (database ?? (await db())).insert(strategies).values(values).returning();
  return row!;
}

/** The profile fields that describe the data rather than tell about it: an administrator's to change (ADR 0028). */
const DATA_FIELDS = ["status", "startDate", "benchmark"] as const;

/** The earliest date of anything stored for a strategy (NAV, fills, signals), or null. */
export async function earliestRecord(guid: string, database?: Database): Promise<string | null> {
  const d = database ?? (await db());
  const [nav] = await d.select({ d: min(strategyNav.tradeDate) }).from(strategyNav).where(eq(strategyNav.strategyGuid, guid));
  const [fill] = await d.select({ d: min(strategyFills.tradeDate) }).from(strategyFills).where(eq(strategyFills.strategyGuid, guid));
  const [signal] = await d.select({ d: min(strategySignals.signalDate) }).from(strategySignals).where(eq(strategySignals.strategyGuid, guid));
  const dates = [nav?.d, fill?.d, signal?.d].filter((x): x is string => !!x).sort();
  return dates[0] ?? null;
}

/**
 * Edits a profile; a start date later than the earliest stored record is refused (409). Editors change the texts
 * (name, author, description, style); status, start date and benchmark are the administrators' (403 otherwise).
 */
export async function updateStrategy(actor: Actor | null, guid: string, input: StrategyInput, database?: Database): Promise<void> {
  assertEditorRights(actor);
  const values = StrategyInput.parse(input);
  const d = database ?? (await db());
  const current = await findStrategy(actor, guid, d);
  if (!current) throw new AppError("not_found", "策略不存在");
  if (!hasAdminRights(actor) && DATA_FIELDS.some((field) => values[field] !== current[field])) {
    throw new AppError("forbidden", "策略的状态、开始日期和基准只有管理员可以修改");
  }
  const earliest = await earliestRecord(guid, d);
  if (earliest && values.startDate > earliest) throw new AppError("conflict", `开始日期不能晚于已有的最早记录（${earliest}）`);
  const rows = await d.update(strategies).set(values).where(eq(strategies.guid, guid)).returning({ guid: strategies.guid });
  if (rows.length === 0) throw new AppError("not_found", "策略不存在");
}

export interface AdminStrategyRow {
  guid: string;
  name: string;
  author: string;
  status: StrategyStatus;
  startDate: string;
  isDemo: boolean;
  navPoints: number;
  lastNavDate: string | null;
  /** live (not revoked) keys */
  keys: number;
}

/** Every strategy with its NAV count, last NAV date and live key count, newest first. Staff only. */
export async function adminStrategyList(viewer: Viewer): Promise<AdminStrategyRow[]> {
  assertEditorRights(viewer);
  const d = await db();
  const nav = d
    .select({ guid: strategyNav.strategyGuid, n: count().as("n"), last: max(strategyNav.tradeDate).as("last") })
    .from(strategyNav)
    .groupBy(strategyNav.strategyGuid)
    .as("nav");
  const keys = d
    .select({ guid: strategyApiKeys.strategyGuid, k: count().as("k") })
    .from(strategyApiKeys)
    .where(isNull(strategyApiKeys.revokedAt))
    .groupBy(strategyApiKeys.strategyGuid)
    .as("keys");
  const rows = await d
    .select({
      guid: strategies.guid,
      name: strategies.name,
      author: strategies.author,
      status: strategies.status,
      startDate: strategies.startDate,
      isDemo: strategies.isDemo,
      navPoints: sql<number>`coalesce(${nav.n}, 0)`.mapWith(Number),
      lastNavDate: sql<string | null>`${nav.last}::text`,
      keys: sql<number>`coalesce(${keys.k}, 0)`.mapWith(Number),
    })
    .from(strategies)
    .leftJoin(nav, eq(nav.guid, strategies.guid))
    .leftJoin(keys, eq(keys.guid, strategies.guid))
    .orderBy(desc(strategies.createdAt), strategies.name);
  return rows;
}

export interface AdminStrategyDetail {
  strategy: typeof strategies.$inferSelect;
  keys: StrategyKeyRow[];
  navPoints: number;
  firstNavDate: string | null;
  lastNavDate: string | null;
  fills: number;
  lastFillDate: string | null;
  signals: number;
  lastSignalDate: string | null;
}

/** One strategy's profile, its keys (never their hashes) and what has been stored. Staff only. */
export async function adminStrategyDetail(viewer: Viewer, guid: string): Promise<AdminStrategyDetail | null> {
  assertEditorRights(viewer);
  const d = await db();
  const strategy = await findStrategy(viewer, guid, d);
  if (!strategy) return null;
  const [nav] = await d
    .select({ n: count(), first: min(strategyNav.tradeDate), last: max(strategyNav.tradeDate) })
    .from(strategyNav)
    .where(eq(strategyNav.strategyGuid, guid));
  const [fills] = await d.select({ n: count(), last: max(strategyFills.tradeDate) }).from(strategyFills).where(eq(strategyFills.strategyGuid, guid));
  const [signals] = await d.select({ n: count(), last: max(strategySignals.signalDate) }).from(strategySignals).where(eq(strategySignals.strategyGuid, guid));
  return {
    strategy,
    keys: await listStrategyKeys(viewer, guid, d),
    navPoints: Number(nav?.n ?? 0),
    firstNavDate: nav?.first ?? null,
    lastNavDate: nav?.last ?? null,
    fills: Number(fills?.n ?? 0),
    lastFillDate: fills?.last ?? null,
    signals: Number(signals?.n ?? 0),
    lastSignalDate: signals?.last ?? null,
  };
}

/** Whether a key id belongs to a strategy (live or revoked). Administrators only, as the keys are. */
export async function keyOfStrategy(actor: Actor, guid: string, keyId: string): Promise<{ revoked: boolean } | null> {
  assertAdminRights(actor);
  const [row] = await (await db())
    .select({ revokedAt: strategyApiKeys.revokedAt })
    .from(strategyApiKeys)
    .where(and(eq(strategyApiKeys.id, keyId), eq(strategyApiKeys.strategyGuid, guid)))
    .limit(1);
  return row ? { revoked: row.revokedAt !== null } : null;
}
