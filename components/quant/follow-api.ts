import { postJson, type AuthResult } from "@/components/dialogs/auth-fetch";

export const FOLLOW_API = "/api/quant/follow";

export interface FollowPayload {
  strategyGuid: string;
  follow: boolean;
  /** e-mail on new signals (only with follow: true) */
  email?: boolean;
}

/** POSTs a follow / unfollow / e-mail choice; never throws (see postJson). */
export function postFollow(payload: FollowPayload): Promise<AuthResult> {
  return postJson(FOLLOW_API, payload);
}
