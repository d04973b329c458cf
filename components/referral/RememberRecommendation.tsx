"use client";

import { useEffect } from "react";
import { rememberInviteCode } from "@/lib/client/referral";

/** The /recs landing keeps the invitation in session storage (SPEC §3 session keys) and in cfc_inv. */
export function RememberRecommendation({ code, orderGuid }: { code: string | null; orderGuid: string | null }) {
  useEffect(() => {
    try {
      if (code) sessionStorage.setItem("recserfCode", code);
      if (orderGuid) sessionStorage.setItem("recserfGuid", orderGuid);
    } catch {
      // storage disabled (private mode): the cfc_inv cookie still carries the code
    }
    if (code) rememberInviteCode(code);
  }, [code, orderGuid]);
  return null;
}
