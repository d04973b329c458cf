import { ReferralDecision } from "@/lib/domain/admin/schemas";
import { route } from "@/lib/server/http";
import { approveReferral, rejectReferral } from "@/lib/server/referrals/review";

/** Administrators: decides a held referral reward, `{action:"approve"|"reject", referralId}`. Exactly once either way. */
export const POST = route({ name: "referral review", auth: "admin", forbiddenMessage: "访问被拒绝", body: ReferralDecision }, async ({ viewer, body: { action, referralId } }) => {
  const result = action === "approve" ? await approveReferral(viewer, referralId) : await rejectReferral(viewer, referralId);
  return { ok: true, status: result.status, changed: result.changed };
});
