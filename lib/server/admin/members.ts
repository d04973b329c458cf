import "server-only";
import { lockMemberLedger } from "@/lib/server/members/member-lock";
import { closeGap, endGrantNow } from "@/lib/domain/membership";
import { and, count, desc, eq, gt, ilike, inArray, like, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/lib/db";
import { grants, referrals, users } from "@/lib/db/schema";
import { levelById, FREE_LEVEL, type Level } from "@/lib/domain/levels";
import { levelEndDateString, membershipAt, type GrantPeriod } from "@/lib/domain/membership";
import { isGuid } from "@/lib/domain/route-params";
import { AddGrantInput } from "@/lib/domain/admin/schemas";
import { assertAdminRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { grantDays } from "@/lib/server/members/grants";
import type { Role } from "@/lib/server/members/users";
import { notifyExpiringGrants } from "@/lib/server/notifications/expiry";

export const MEMBER_PAGE_SIZE = 20;
export const MAX_QUERY_LENGTH = 100;

export interface PersonRef {
  id: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
}

export interface MemberSummary extends PersonRef {
  role: Role;
  invitationCode: string;
  createdAt: Date;
  level: Level;
  /** `YYYY-MM-DD`, the last day of the current level; "" at the free level. */
  levelEndDate: string;
}

export interface MemberPage {
  items: MemberSummary[];
  total: number;
  page: number;
  pageSize: number;
  query: string;
}

const person = { id: users.id, nickname: users.nickname, email: users.email, mobile: users.mobile };
const summaryColumns = { ...person, role: users.role, invitationCode: users.invitationCode, createdAt: users.createdAt };

/** `%…%` for LIKE with the pattern characters of the search text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

async function membershipsOf(userIds: string[], now: Date): Promise<Map<string, { level: Level; levelEndDate: string }>> {
  const result = new Map<string, { level: Level; levelEndDate: string }>();
  if (userIds.length === 0) return result;
  const rows = await (await db())
    .select({ userId: grants.userId, levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt })
    .from(grants)
    .where(and(inArray(grants.userId, userIds), gt(grants.endsAt, now)));
  const byUser = new Map<string, GrantPeriod[]>();
  for (const { userId, ...period } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), period]);
  for (const id of userIds) {
    const state = membershipAt(byUser.get(id) ?? [], now);
    result.set(id, { level: state.level, levelEndDate: levelEndDateString(state.endsAt) });
  }
  return result;
}

/**
 * Members whose e-mail, mobile, nickname or invitation code contains the query (or whose id it is), newest first,
 * a page at a time. An empty query lists everyone. Administrators only.
 */
export async function searchMembers(viewer: Viewer | null, opts: { query?: string; page?: number }, now = new Date()): Promise<MemberPage> {
  assertAdminRights(viewer);
  const query = (opts.query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  let where: SQL | undefined;
  if (query) {
    const pattern = containsPattern(query);
    where = or(
      ilike(users.email, pattern),
      like(users.mobile, pattern),
      ilike(users.nickname, pattern),
      ilike(users.invitationCode, pattern),
      isGuid(query) ? eq(users.id, query.toLowerCase()) : undefined,
    );
  }
  const database = await db();
  const [totalRow] = await database.select({ n: count() }).from(users).where(where);
  const rows = await database
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(MEMBER_PAGE_SIZE)
    .offset((page - 1) * MEMBER_PAGE_SIZE);
  const levels = await membershipsOf(rows.map((r) => r.id), now);
  return {
    items: rows.map((r) => ({ ...r, ...(levels.get(r.id) ?? { level: FREE_LEVEL, levelEndDate: "" }) })),
    total: totalRow?.n ?? 0,
    page,
    pageSize: MEMBER_PAGE_SIZE,
    query,
  };
}

export type GrantState = "active" | "upcoming" | "ended";

export interface GrantItem {
  id: string;
  level: Level;
  startsAt: Date;
  endsAt: Date;
  source: "admin" | "purchase" | "subscription" | "referral";
  sourceKey: string;
  createdAt: Date;
  state: GrantState;
}

export type ReferralStatus = "granted" | "held" | "rejected";

export interface ReferralItem {
  id: string;
  status: ReferralStatus;
  holdReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: PersonRef | null;
  inviter: PersonRef;
}

export interface InviteeItem {
  referralId: string;
  status: ReferralStatus;
  holdReason: string | null;
  createdAt: Date;
  invitee: PersonRef;
}

export interface MemberDetail {
  member: MemberSummary;
  grants: GrantItem[];
  /** How this member came: the referral row naming them as invitee, if any. */
  referral: ReferralItem | null;
  /** The latest members they invited (up to 100) and how many in all. */
  invitees: InviteeItem[];
  inviteeTotal: number;
}

const INVITEE_LIMIT = 100;

function grantState(g: { startsAt: Date; endsAt: Date }, now: Date): GrantState {
  if (g.endsAt <= now) return "ended";
  return g.startsAt > now ? "upcoming" : "active";
}

/** One member for the administration: level, every grant, their referral and their invitees. Administrators only. */
export async function memberDetail(viewer: Viewer | null, userId: string, now = new Date()): Promise<MemberDetail | null> {
  assertAdminRights(viewer);
  if (!isGuid(userId)) return null;
  const database = await db();
  const [user] = await database.select(summaryColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;

  const grantRows = await database.select().from(grants).where(eq(grants.userId, userId)).orderBy(desc(grants.startsAt), desc(grants.createdAt));
  const membership = membershipAt(grantRows, now);

  const inviter = alias(users, "inviter");
  const decider = alias(users, "decider");
  const [ref] = await database
    .select({
      id: referrals.id, status: referrals.status, holdReason: referrals.holdReason, createdAt: referrals.createdAt, decidedAt: referrals.decidedAt,
      inviter: { id: inviter.id, nickname: inviter.nickname, email: inviter.email, mobile: inviter.mobile },
      decider: { id: decider.id, nickname: decider.nickname, email: decider.email, mobile: decider.mobile },
    })
    .from(referrals)
    .innerJoin(inviter, eq(inviter.id, referrals.inviterId))
    .leftJoin(decider, eq(decider.id, referrals.decidedBy))
    .where(eq(referrals.inviteeId, userId))
    .limit(1);

  const invitee = alias(users, "invitee");
  const inviteeRows = await database
    .select({
      referralId: referrals.id, status: referrals.status, holdReason: referrals.holdReason, createdAt: referrals.createdAt,
      invitee: { id: invitee.id, nickname: invitee.nickname, email: invitee.email, mobile: invitee.mobile },
    })
    .from(referrals)
    .innerJoin(invitee, eq(invitee.id, referrals.inviteeId))
    .where(eq(referrals.inviterId, userId))
    .orderBy(desc(referrals.createdAt))
    .limit(INVITEE_LIMIT);
  const [inviteeCount] = await database.select({ n: count() }).from(referrals).where(eq(referrals.inviterId, userId));

  return {
    member: { ...user, level: membership.level, levelEndDate: levelEndDateString(membership.endsAt) },
    grants: grantRows.map((g) => ({
      id: g.id, level: levelById(g.levelId) ?? FREE_LEVEL, startsAt: g.startsAt, endsAt: g.endsAt, source: g.source,
      sourceKey: g.sourceKey, createdAt: g.createdAt, state: grantState(g, now),
    })),
    referral: ref
      ? {
          id: ref.id, status: ref.status, holdReason: ref.holdReason, createdAt: ref.createdAt, decidedAt: ref.decidedAt,
          decidedBy: ref.decider ?? null, inviter: ref.inviter,
        }
      : null,
    invitees: inviteeRows,
    inviteeTotal: inviteeCount?.n ?? 0,
  };
}

/** `duplicate`: the request id had granted already (a retried submission); nothing more was added. */
export interface AddGrantResult {
  status: "created" | "duplicate";
  grantId: string;
}

/**
 * Adds days of VIP or SVIP after the member's current run of that level (source `admin`, key
 * `admin:<staffId>:<requestId>`), then re-checks the member's expiry reminder. Administrators only; an unknown member
 * is refused (AppError).
 */
export async function addGrant(viewer: Viewer | null, input: AddGrantInput, now = new Date()): Promise<AddGrantResult> {
  assertAdminRights(viewer);
  const v = AddGrantInput.parse(input);
  const database = await db();
  const [member] = await database.select({ id: users.id }).from(users).where(eq(users.id, v.userId)).limit(1);
  if (!member) throw new AppError("not_found", "会员不存在");
  const sourceKey = `admin:${viewer.userId}:${v.requestId.toLowerCase()}`;
  const created = await grantDays({ userId: v.userId, levelId: v.levelId, days: v.days, source: "admin", sourceKey, now });
  const [grant] = await database.select({ id: grants.id }).from(grants).where(eq(grants.sourceKey, sourceKey)).limit(1);
  await notifyExpiringGrants(now, { userId: v.userId });
  return { status: created ? "created" : "duplicate", grantId: grant!.id };
}


/**
 * Ends an active grant now (its `ends_at` becomes now) and answers its member; ended and not-yet-started grants stay
 * as they are (a conflict). Administrators only.
 */
export async function endGrant(viewer: Viewer | null, grantId: string, now = new Date()): Promise<{ userId: string }> {
  assertAdminRights(viewer);
  if (!isGuid(grantId)) throw new AppError("not_found", "授权不存在");
  const database = await db();
  const ended = await database.transaction(async (tx) => {
    const [target] = await tx.select().from(grants).where(eq(grants.id, grantId)).limit(1);
    if (!target) return null;
    await lockMemberLedger(tx, target.userId);
    const ledger = await tx.select().from(grants).where(eq(grants.userId, target.userId)).for("update");
    const changes = endGrantNow(ledger, target.id, now);
    if (changes.length === 0) return null;
    for (const c of changes) {
      const before = ledger.find((g) => g.id === c.id)!;
      await tx.update(grants).set({ startsAt: c.startsAt, endsAt: c.endsAt }).where(eq(grants.id, c.id));
      // What was queued behind it (its level and below) moves up: no gap, no days lost.
      const current = await tx.select().from(grants).where(eq(grants.userId, target.userId));
      for (const m of closeGap(current, { levelId: before.levelId, oldEnd: before.endsAt, newEnd: c.endsAt }, now)) {
        await tx.update(grants).set({ startsAt: m.startsAt, endsAt: m.endsAt }).where(eq(grants.id, m.id));
      }
    }
    return { userId: target.userId };
  });
  if (!ended) {
    const [exists] = await database.select({ id: grants.id }).from(grants).where(eq(grants.id, grantId)).limit(1);
    throw exists ? new AppError("conflict", "该授权未在生效中，无法结束") : new AppError("not_found", "授权不存在");
  }
  await notifyExpiringGrants(now, { userId: ended.userId });
  return { userId: ended.userId };
}
