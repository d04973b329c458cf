import "server-only";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { strategies, strategyFollows, strategySignals, users } from "@/lib/db/schema";
import type { StrategySignal, StrategyStatus } from "@/lib/domain/quant/types";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { followLimit, realtradeAccess, REALTRADE_DELAY_DAYS, seesSameDay } from "./access";
import { findStrategy } from "./find-strategy";
import { signalColumns, signalFields } from "./signal-rows";

/** Where the viewer stands with a strategy after following or unfollowing it, and the sentence that says so. */
export interface FollowChange {
  message: string;
  following: boolean;
  emailSignals: boolean;
}

/** The refusal a member at this level sees when the follow limit is reached. */
export function followLimitMessage(levelId: number): string {
  if (levelId >= 100) return "VIP 最多关注 10 个策略，升级 SVIP 不限";
  return "普通会员最多关注 1 个策略，升级 VIP 可关注 10 个";
}

const notFound = () => new AppError("not_found", "策略不存在");
const login = () => new AppError("unauthenticated", "请先登录");

/**
 * Follows a strategy within the viewer's tier limit (free 1, VIP 10, SVIP unlimited). Idempotent: following again
 * only updates the e-mail choice when one is given. The member's row is locked while counting, so two requests at
 * once cannot pass the limit together. Refuses (AppError) a visitor, an unknown strategy, and a follow over the limit
 * (a conflict, with the tier's message).
 */
export async function followStrategy(viewer: Viewer | null, guid: string, opts: { email?: boolean } = {}): Promise<FollowChange> {
  if (!viewer) throw login();
  const database = await db();
  return database.transaction(async (tx): Promise<FollowChange> => {
    if (!(await findStrategy(viewer, guid, tx))) throw notFound();
    const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, viewer.userId)).for("update");
    if (!member) throw login();
    const [existing] = await tx
      .select({ emailSignals: strategyFollows.emailSignals })
      .from(strategyFollows)
      .where(and(eq(strategyFollows.userId, viewer.userId), eq(strategyFollows.strategyGuid, guid)));
    const sameDay = seesSameDay(viewer);
    if (existing) {
      const emailSignals = opts.email ?? existing.emailSignals;
      if (emailSignals !== existing.emailSignals) {
        await tx
          .update(strategyFollows)
          .set({ emailSignals })
          .where(and(eq(strategyFollows.userId, viewer.userId), eq(strategyFollows.strategyGuid, guid)));
      }
      return { message: followedMessage(true, emailSignals, member.email, sameDay), following: true, emailSignals };
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(strategyFollows)
      .where(eq(strategyFollows.userId, viewer.userId));
    if (n >= followLimit(viewer)) throw new AppError("conflict", followLimitMessage(viewer.userInfo.levelId ?? 0));
    const emailSignals = opts.email ?? false;
    await tx.insert(strategyFollows).values({ userId: viewer.userId, strategyGuid: guid, emailSignals }).onConflictDoNothing();
    return { message: followedMessage(false, emailSignals, member.email, sameDay), following: true, emailSignals };
  });
}

function followedMessage(already: boolean, emailSignals: boolean, email: string | null, sameDay: boolean): string {
  const head = already ? (emailSignals ? "已开启邮件提醒" : "已关注") : "关注成功";
  if (!sameDay) return `${head}。实时交易信号为 SVIP 专享，升级 SVIP 即可在信号发出时收到通知`;
  if (emailSignals && !email) return `${head}。你的账号尚未绑定邮箱，信号将只以站内通知发送`;
  return emailSignals ? `${head}，新信号会以站内通知和邮件告诉你` : `${head}，新信号会以站内通知告诉你`;
}

/** Stops following (idempotent); refuses a visitor and an unknown strategy. */
export async function unfollowStrategy(viewer: Viewer | null, guid: string): Promise<FollowChange> {
  if (!viewer) throw login();
  const database = await db();
  if (!(await findStrategy(viewer, guid, database))) throw notFound();
  await database.delete(strategyFollows).where(and(eq(strategyFollows.userId, viewer.userId), eq(strategyFollows.strategyGuid, guid)));
  return { message: "已取消关注", following: false, emailSignals: false };
}

/** Turns the e-mail copy of signals on or off for a followed strategy; false when the viewer does not follow it. */
export async function setEmailSignals(viewer: Viewer | null, guid: string, on: boolean): Promise<boolean> {
  if (!viewer) return false;
  const rows = await (await db())
    .update(strategyFollows)
    .set({ emailSignals: on })
    .where(and(eq(strategyFollows.userId, viewer.userId), eq(strategyFollows.strategyGuid, guid)))
    .returning({ userId: strategyFollows.userId });
  return rows.length === 1;
}

export interface FollowState {
  following: boolean;
  emailSignals: boolean;
}

export async function followState(viewer: Viewer | null, guid: string): Promise<FollowState> {
  if (!viewer) return { following: false, emailSignals: false };
  const [row] = await (await db())
    .select({ emailSignals: strategyFollows.emailSignals })
    .from(strategyFollows)
    .where(and(eq(strategyFollows.userId, viewer.userId), eq(strategyFollows.strategyGuid, guid)));
  return { following: !!row, emailSignals: row?.emailSignals ?? false };
}

export async function isFollowing(viewer: Viewer | null, guid: string): Promise<boolean> {
  return (await followState(viewer, guid)).following;
}

export const FOLLOWED_SIGNALS = 5;

export interface FollowedStrategy {
  guid: string;
  name: string;
  status: StrategyStatus;
  isDemo: boolean;
  emailSignals: boolean;
  followedAt: Date;
  /** the latest FOLLOWED_SIGNALS signals this viewer may see, newest first */
  signals: StrategySignal[];
}

export interface FollowedStrategies {
  items: FollowedStrategy[];
  /** follows allowed at the viewer's level (Infinity for SVIP) */
  limit: number;
  /** the last signal date shown (today for SVIP) */
  through: string;
  delayed: boolean;
  /** shown above the signals when they are delayed */
  note: string | null;
}

/**
 * The strategies the viewer follows, each with its latest signals. Signals are SVIP content: below SVIP only signals
 * at least REALTRADE_DELAY_DAYS trading days old leave the server, with a note saying so.
 */
export async function followedStrategies(viewer: Viewer | null, now = new Date()): Promise<FollowedStrategies> {
  const access = await realtradeAccess(viewer, now);
  const base = { limit: followLimit(viewer), through: access.through, delayed: access.delayed };
  const note = access.delayed ? `交易信号为 SVIP 专享：你看到的是 ${REALTRADE_DELAY_DAYS} 个交易日之前的信号，升级 SVIP 可实时收到信号通知` : null;
  if (!viewer) return { ...base, items: [], note };
  const database = await db();
  const follows = await database
    .select({
      guid: strategies.guid,
      name: strategies.name,
      status: strategies.status,
      isDemo: strategies.isDemo,
      emailSignals: strategyFollows.emailSignals,
      followedAt: strategyFollows.createdAt,
    })
    .from(strategyFollows)
    .innerJoin(strategies, eq(strategies.guid, strategyFollows.strategyGuid))
    .where(eq(strategyFollows.userId, viewer.userId))
    .orderBy(asc(strategyFollows.createdAt), asc(strategies.name));
  if (follows.length === 0) return { ...base, items: [], note };
  // The latest N visible signals per strategy, in one query.
  const ranked = database
    .select({
      strategyGuid: strategySignals.strategyGuid,
      externalId: strategySignals.externalId,
      ...signalColumns,
      id: strategySignals.id,
      rn: sql<number>`row_number() over (partition by ${strategySignals.strategyGuid} order by ${strategySignals.signalDate} desc, ${strategySignals.signalTime} desc nulls last, ${strategySignals.id} desc)`.as("rn"),
    })
    .from(strategySignals)
    .where(and(inArray(strategySignals.strategyGuid, follows.map((f) => f.guid)), lte(strategySignals.signalDate, access.through)))
    .as("ranked");
  const rows = await database.select().from(ranked).where(lte(ranked.rn, FOLLOWED_SIGNALS)).orderBy(asc(ranked.strategyGuid), asc(ranked.rn));
  const byStrategy = new Map<string, StrategySignal[]>();
  for (const r of rows) {
    const signal: StrategySignal = { externalId: r.externalId, ...signalFields(r) };
    byStrategy.set(r.strategyGuid, [...(byStrategy.get(r.strategyGuid) ?? []), signal]);
  }
  return { ...base, note, items: follows.map((f) => ({ ...f, signals: byStrategy.get(f.guid) ?? [] })) };
}
