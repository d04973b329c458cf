"use client";

import { useEffect } from "react";

/**
 * After a payment's outcome (a purchase, a renewal at the same level, a refund): asks `/api/user/info` once
 * (`refreshUserInfo`), whose answer rewrites the readable `userinfo` cookie when it no longer matches the membership.
 * Pages served from a class cache read the account menu's level and end date from that cookie (ADR 0067).
 */
export function SyncUserInfoCookie() {
  useEffect(() => {
    void import("@/lib/client/userinfo").then(({ refreshUserInfo }) => refreshUserInfo()).catch(() => undefined);
  }, []);
  return null;
}
