"use client";

import { ConfirmAction } from "./ConfirmAction";
import { REFERRALS_API } from "./admin-action";

/** 通过 / 拒绝 for one held referral reward. */
export function ReferralReview({ referralId, invitee }: { referralId: string; invitee: string }) {
  return (
    <div className="flex gap-2">
      <ConfirmAction
        label="通过"
        ariaLabel={`通过 ${invitee} 的邀请奖励`}
        variant="primary"
        title="通过邀请奖励"
        confirmText="通过并发放"
        endpoint={REFERRALS_API}
        payload={{ action: "approve", referralId }}
        success="已通过，3 天 SVIP 已发放"
      >
        将为 <strong>{invitee}</strong> 发放 3 天 SVIP，并通知双方。每位好友只会发放一次。
      </ConfirmAction>
      <ConfirmAction
        label="拒绝"
        ariaLabel={`拒绝 ${invitee} 的邀请奖励`}
        danger
        title="拒绝邀请奖励"
        confirmText="拒绝"
        endpoint={REFERRALS_API}
        payload={{ action: "reject", referralId }}
        success="已拒绝该邀请奖励"
      >
        拒绝后 <strong>{invitee}</strong> 不会获得邀请奖励，此操作不可撤销。
      </ConfirmAction>
    </div>
  );
}
