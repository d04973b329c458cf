"use client";

import { useEffect } from "react";
import { getOwnJson } from "@/lib/client/own-json";

/**
 * After a payment's outcome (a purchase, a renewal at the same level, a refund): asks `/api/user/info` once, whose
 * answer rewrites the readable `userinfo` cookie when it no longer matches the membership, then syncs the localStorage
 * mirror. Pages served from a class cache read the account menu's level and end date from that cookie (ADR 0067).
 */
export function SyncUserInfoCookie() {
  useEffect(() => {
    void getOwnJson("/api/user/info").then(async (body) => {
      if (!body) return;
      const { loadUserInfo } = await import("@/lib/client/userinfo");
      loadUserInfo();
    });
  }, []);
  return null;
}
