/**
 * Whether an invited newcomer's 3 days of SVIP are granted at once, held for an administrator (待审核), or refused
 * (PRODUCT.md: device and IP are risk signals; a suspicious reward waits rather than being refused silently).
 */
export const REFERRAL_IP_BURST = 3;
export const REFERRAL_IP_WINDOW_MS = 60 * 60 * 1000;

export interface ReferralFacts {
  /** The invitation code belongs to the newcomer's own device (one of the inviter's login devices). */
  selfInvitation: boolean;
  /** Another referral reward was already claimed from this device fingerprint. */
  deviceAlreadyRewarded: boolean;
  /** Referral registrations from the same address within the last hour, this one excluded. */
  recentFromSameIp: number;
}

export type ReferralDecision = { status: "granted" } | { status: "held"; reason: "self-device" | "device" | "ip-burst" };

/**
 * Never granted automatically on a sign of self-invitation or repeat claims; held for review rather than refused,
 * because a family sharing one phone looks the same as one person with two accounts. Only an administrator rejects.
 */
export function decideReferral(facts: ReferralFacts): ReferralDecision {
  if (facts.selfInvitation) return { status: "held", reason: "self-device" };
  if (facts.deviceAlreadyRewarded) return { status: "held", reason: "device" };
  if (facts.recentFromSameIp >= REFERRAL_IP_BURST) return { status: "held", reason: "ip-burst" };
  return { status: "granted" };
}

export const HOLD_REASON_TEXT: Record<string, string> = {
  device: "同一设备已领取过邀请奖励",
  "ip-burst": "同一网络短时间内注册过多",
  "self-device": "与邀请人使用同一设备，疑似自己邀请自己",
};
