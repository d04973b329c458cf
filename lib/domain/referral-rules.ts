/**
 * Whether an invited newcomer's 3 days of SVIP are granted at once, held for an administrator (待审核), or refused
 * (PRODUCT.md: device and IP are risk signals; a suspicious reward waits rather than being refused silently).
 */
export const REFERRAL_IP_BURST = 3;
export const REFERRAL_IP_WINDOW_MS = 60 * 60 * 1000;

export interface ReferralFacts {
  /**
   * The newcomer brought a device cookie the server signed (ADR 0027). Without one nothing says which device this is:
   * a script that never loaded a page, a forged or tampered cookie, or a browser that keeps no cookies.
   */
  deviceKnown: boolean;
  /** The invitation code belongs to the newcomer's own device (one the inviter logged in with). */
  selfInvitation: boolean;
  /** Another referral reward was already granted to this device. */
  deviceAlreadyRewarded: boolean;
  /** Referral registrations from the same address within the last hour, this one excluded. */
  recentFromSameIp: number;
}

export type ReferralDecision = { status: "granted" } | { status: "held"; reason: "no-device" | "self-device" | "device" | "ip-burst" };

/**
 * Never granted automatically on a sign of self-invitation or repeat claims; held for review rather than refused,
 * because a family sharing one phone looks the same as one person with two accounts. Only an administrator rejects.
 */
export function decideReferral(facts: ReferralFacts): ReferralDecision {
  if (!facts.deviceKnown) return { status: "held", reason: "no-device" };
  if (facts.selfInvitation) return { status: "held", reason: "self-device" };
  if (facts.deviceAlreadyRewarded) return { status: "held", reason: "device" };
  if (facts.recentFromSameIp >= REFERRAL_IP_BURST) return { status: "held", reason: "ip-burst" };
  return { status: "granted" };
}

export const HOLD_REASON_TEXT: Record<string, string> = {
  "no-device": "没有有效的设备标识（未经网页注册，或标识被伪造）",
  device: "同一设备已领取过邀请奖励",
  "ip-burst": "同一网络短时间内注册过多",
  "self-device": "与邀请人使用同一设备，疑似自己邀请自己",
};

/** What an administrator reads for a hold reason: its sentence, the stored code when there is none, a dash for none. */
export function holdReasonText(reason: string | null): string {
  return reason === null ? "—" : (HOLD_REASON_TEXT[reason] ?? reason);
}
