import { submitJson, type SubmitResult } from "@/lib/client/request";

export const FOLLOW_API = "/api/quant/follow";

export interface FollowPayload {
  strategyGuid: string;
  follow: boolean;
  /** e-mail on new signals (only with follow: true) */
  email?: boolean;
}

/** POSTs a follow / unfollow / e-mail choice; never throws (see submitJson). */
export function postFollow(payload: FollowPayload): Promise<SubmitResult> {
  return submitJson(FOLLOW_API, payload);
}
