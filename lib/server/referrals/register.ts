import "server-only";
import { createHash } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { referrals, sessions } from "@/lib/db/schema";
import type { Account } from "@/lib/domain/account";
import { maskContact } from "@/lib/domain/format";
import { REFERRAL_REWARD_DAYS } from "@/lib/domain/constants";
import { REFERRAL_IP_WINDOW_MS, decideReferral, type ReferralDecision } from "@/lib/domain/referral-rules";
import { createSession, type NewSession, type SessionDevice } from "@/lib/server/auth/sessions";
import { grantDays } from "@/lib/server/members/grants";
import { createNotification } from "@/lib/server/notifications/create";
import { createUser, findUserByAccount, findUserByInvitationCode, type UserRow } from "@/lib/server/members/users";

export interface SignInContext {
  invitationCode?: string | null;
  /**
   * The id of the server-signed device cookie (null when absent, forged or tampered), which the referral decision
   * keys on, and the fingerprint hash that passed the server check, recorded only (ADR 0027).
   */
  device: SessionDevice;
  ip: string;
  userAgent: string;
  /** The referral tracking cookie's record, stored with a new member for attribution. */
  referer?: Record<string, unknown> | null;
  /** The session token the browser brought; ended once the sign-in succeeds (P8). */
  previousToken?: string | null;
}

export interface SignInResult {
  user: UserRow;
  session: NewSession;
  created: boolean;
  referral: ReferralDecision | null;
}

const ipHash = (ip: string) => createHash("sha256").update(ip).digest("hex").slice(0, 16);

/**
 * Signs in the holder of a verified account, registering them on first use. A newcomer with a valid invitation code
 * gets 3 days of SVIP in the same transaction as the registration, or a referral held for review (待审核): always
 * held when the request had no device cookie the server signed (ADR 0027).
 */
export async function signInVerifiedAccount(account: Account, ctx: SignInContext): Promise<SignInResult> {
  const existing = await findUserByAccount(account.value);
  if (existing) return { user: existing, session: await createSession(existing.id, ctx.userAgent, ctx.device), created: false, referral: null };

  const database = await db();
  let outcome: { user: UserRow; referral: ReferralDecision | null };
  try {
    outcome = await database.transaction(async (tx) => {
      const inviter = ctx.invitationCode ? await findUserByInvitationCode(ctx.invitationCode, tx) : null;
      const user = await createUser(
        account.kind === "email" ? { email: account.value } : { mobile: account.value },
        { invitedBy: inviter?.id ?? null, referer: ctx.referer ?? null },
        tx,
      );
      if (!inviter) return { user, referral: null };

      const hashedIp = ipHash(ctx.ip);
      const deviceId = ctx.device.id;
      // Serialise referral registrations per device and per address (same order everywhere: no deadlock), so the
      // "once per device" and burst checks below see every earlier registration, even concurrent ones.
      for (const key of [deviceId ? `referral-device-id:${deviceId}` : null, `referral-ip:${hashedIp}`]) {
        if (key) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      }
      const [selfDevice] = deviceId
        ? await tx.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, inviter.id), eq(sessions.deviceId, deviceId)))
        : [{ n: 0 }];
      const [deviceRewarded] = deviceId
        ? await tx.select({ n: count() }).from(referrals).where(and(eq(referrals.deviceId, deviceId), eq(referrals.status, "granted")))
        : [{ n: 0 }];
      const [fromIp] = await tx.select({ n: count() }).from(referrals)
        .where(and(eq(referrals.ipHash, hashedIp), gt(referrals.createdAt, new Date(Date.now() - REFERRAL_IP_WINDOW_MS))));
      const decision = decideReferral({
        deviceKnown: deviceId !== null,
        selfInvitation: (selfDevice?.n ?? 0) > 0,
        deviceAlreadyRewarded: (deviceRewarded?.n ?? 0) > 0,
        recentFromSameIp: fromIp?.n ?? 0,
      });
      await tx.insert(referrals).values({
        inviterId: inviter.id,
        inviteeId: user.id,
        status: decision.status,
        holdReason: decision.status === "granted" ? null : decision.reason,
        deviceHash: ctx.device.hash,
        deviceId,
        ipHash: hashedIp,
      });
      if (decision.status === "granted") {
        await grantDays({ userId: user.id, levelId: 200, days: REFERRAL_REWARD_DAYS, source: "referral", sourceKey: `referral:${user.id}` }, tx);
        await createNotification({
          userId: user.id, kind: "referral", title: `邀请奖励：${REFERRAL_REWARD_DAYS} 天 SVIP 已到账`,
          body: `感谢通过 ${inviter.nickname} 的邀请加入，SVIP 权益已生效。`, link: "/user/subscription", dedupeKey: `referral-reward:${user.id}`,
        }, tx);
        await createNotification({
          userId: inviter.id, kind: "referral", title: "好友已通过你的邀请注册", body: `${maskContact(user.nickname)} 已加入，并获得 ${REFERRAL_REWARD_DAYS} 天 SVIP。`,
          link: "/user/invitation", dedupeKey: `referral-joined:${user.id}`,
        }, tx);
      } else {
        // Held, never refused silently: both learn that the reward waits for review (PRODUCT.md).
        await createNotification({
          userId: user.id, kind: "referral", title: "邀请奖励待审核",
          body: `你的邀请奖励需要人工审核，通过后 ${REFERRAL_REWARD_DAYS} 天 SVIP 会自动到账。`, link: "/user/notif", dedupeKey: `referral-held:${user.id}`,
        }, tx);
        await createNotification({
          userId: inviter.id, kind: "referral", title: "好友已注册，邀请奖励待审核",
          body: `${maskContact(user.nickname)} 已通过你的邀请加入，TA 的 ${REFERRAL_REWARD_DAYS} 天 SVIP 奖励待审核，审核通过后发放。`,
          link: "/user/invitation", dedupeKey: `referral-held-inviter:${user.id}`,
        }, tx);
      }
      return { user, referral: decision };
    });
  } catch (err) {
    // A concurrent registration of the same address won the unique constraint: sign in the member it created.
    const winner = await findUserByAccount(account.value);
    if (!winner) throw err;
    return { user: winner, session: await createSession(winner.id, ctx.userAgent, ctx.device), created: false, referral: null };
  }
  return { ...outcome, session: await createSession(outcome.user.id, ctx.userAgent, ctx.device), created: true };
}
