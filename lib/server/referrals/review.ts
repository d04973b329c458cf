import "server-only";
import { and, asc, count, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/lib/db";
import { referrals, users } from "@/lib/db/schema";
import { REFERRAL_REWARD_DAYS } from "@/lib/domain/constants";
import { maskContact } from "@/lib/domain/format";
import { isGuid } from "@/lib/domain/route-params";
import type { PersonRef } from "@/lib/server/admin/members";
import { assertAdminRights } from "@/lib/server/auth/roles";
import type { Viewer } from "@/lib/server/auth/viewer";
import { grantDays } from "@/lib/server/members/grants";
import { createNotification } from "@/lib/server/notifications/create";
import { notifyExpiringGrants } from "@/lib/server/notifications/expiry";
import { AppError } from "@/lib/server/http/app-error";

/** The grant's source key: the same one the automatic reward uses, so a reward is granted once whichever way it comes. */
export const referralSourceKey = (inviteeId: string) => `referral:${inviteeId}`;

export interface HeldReferral {
  id: string;
  createdAt: Date;
  holdReason: string | null;
  inviter: PersonRef;
  invitee: PersonRef;
}

const HELD_LIMIT = 100;

/** Rewards waiting for a decision (status `held`), oldest first, and how many there are. Administrators only. */
export async function heldReferrals(viewer: Viewer | null): Promise<{ items: HeldReferral[]; total: number }> {
  assertAdminRights(viewer);
  const database = await db();
  const inviter = alias(users, "inviter");
  const invitee = alias(users, "invitee");
  const items = await database
    .select({
      id: referrals.id, createdAt: referrals.createdAt, holdReason: referrals.holdReason,
      inviter: { id: inviter.id, nickname: inviter.nickname, email: inviter.email, mobile: inviter.mobile },
      invitee: { id: invitee.id, nickname: invitee.nickname, email: invitee.email, mobile: invitee.mobile },
    })
    .from(referrals)
    .innerJoin(inviter, eq(inviter.id, referrals.inviterId))
    .innerJoin(invitee, eq(invitee.id, referrals.inviteeId))
    .where(eq(referrals.status, "held"))
    .orderBy(asc(referrals.createdAt), asc(referrals.id))
    .limit(HELD_LIMIT);
  const [total] = await database.select({ n: count() }).from(referrals).where(eq(referrals.status, "held"));
  return { items, total: total?.n ?? 0 };
}

/** The referral's outcome; `changed` is false when it already had this outcome (a repeated click). */
export interface ReviewResult {
  status: "granted" | "rejected";
  changed: boolean;
}

const STATUS_TEXT = { granted: "已发放", rejected: "已拒绝" } as const;
const notFound = () => new AppError("not_found", "邀请记录不存在");
/** The other decision was made first: the reward cannot change its outcome. */
const decided = (status: "granted" | "rejected") => new AppError("conflict", `该邀请奖励已处理（${STATUS_TEXT[status]}）`);

async function currentStatus(referralId: string) {
  const [row] = await (await db()).select({ status: referrals.status }).from(referrals).where(eq(referrals.id, referralId)).limit(1);
  return row?.status ?? null;
}

/**
 * Approves a held reward in one transaction: the referral becomes `granted` (with who and when), the invitee gets
 * 3 days of SVIP under `referral:<inviteeId>` — the automatic reward's key, so a reward is never granted twice —
 * and both members are told as when the reward is granted at registration. The status moves only from `held`, so
 * repeated or concurrent approvals grant once. Administrators only; an unknown or rejected referral is refused (AppError).
 */
export async function approveReferral(viewer: Viewer | null, referralId: string, now = new Date()): Promise<ReviewResult> {
  assertAdminRights(viewer);
  if (!isGuid(referralId)) throw notFound();
  const database = await db();
  const inviteeId = await database.transaction(async (tx) => {
    const [claimed] = await tx
      .update(referrals)
      .set({ status: "granted", decidedBy: viewer.userId, decidedAt: now })
      .where(and(eq(referrals.id, referralId), eq(referrals.status, "held")))
      .returning({ inviteeId: referrals.inviteeId, inviterId: referrals.inviterId });
    if (!claimed) return null;
    const [invitee] = await tx.select({ nickname: users.nickname }).from(users).where(eq(users.id, claimed.inviteeId));
    const granted = await grantDays(
      { userId: claimed.inviteeId, levelId: 200, days: REFERRAL_REWARD_DAYS, source: "referral", sourceKey: referralSourceKey(claimed.inviteeId), now },
      tx,
    );
    if (granted) {
      await createNotification({
        userId: claimed.inviteeId, kind: "referral", title: `邀请奖励：${REFERRAL_REWARD_DAYS} 天 SVIP 已到账`,
        body: "审核已通过，SVIP 权益已生效，可在「我的订阅」查看有效期。", link: "/user/subscription",
        dedupeKey: `referral-reward:${claimed.inviteeId}`,
      }, tx);
      await createNotification({
        userId: claimed.inviterId, kind: "referral", title: "好友已通过你的邀请注册",
        body: `${invitee ? maskContact(invitee.nickname) : "你的好友"} 已加入，并获得 ${REFERRAL_REWARD_DAYS} 天 SVIP。`, link: "/user/invitation",
        dedupeKey: `referral-joined:${claimed.inviteeId}`,
      }, tx);
    }
    return claimed.inviteeId;
  });
  if (inviteeId) {
    await notifyExpiringGrants(now, { userId: inviteeId });
    return { status: "granted", changed: true };
  }
  const status = await currentStatus(referralId);
  if (!status) throw notFound();
  if (status === "rejected") throw decided("rejected");
  return { status: "granted", changed: false };
}

/** Rejects a held reward: status `rejected` with who and when; nothing is granted. Administrators only; refuses as approving does. */
export async function rejectReferral(viewer: Viewer | null, referralId: string, now = new Date()): Promise<ReviewResult> {
  assertAdminRights(viewer);
  if (!isGuid(referralId)) throw notFound();
  const [rejected] = await (await db())
    .update(referrals)
    .set({ status: "rejected", decidedBy: viewer.userId, decidedAt: now })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, "held")))
    .returning({ id: referrals.id });
  if (rejected) return { status: "rejected", changed: true };
  const status = await currentStatus(referralId);
  if (!status) throw notFound();
  if (status === "rejected") return { status: "rejected", changed: false };
  throw decided("granted");
}
