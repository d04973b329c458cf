"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { notify } from "@/lib/client/toast";
import { submitJson, type SubmitResult } from "@/lib/client/request";

/**
 * POSTs an administration action, shows the server's message on failure or `success` on success, and re-renders
 * the page from the server (also after a 409: the state changed elsewhere). `pending` covers the request and the refresh.
 */
export function useAdminAction() {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [refreshing, startRefresh] = useTransition();

  /** `success` as a function: the toast is built from the server's answer (e.g. its message). */
  async function run(endpoint: string, payload: unknown, success: string | ((result: SubmitResult) => string)): Promise<SubmitResult> {
    setSending(true);
    const result = await submitJson(endpoint, payload);
    setSending(false);
    if (!result.ok) {
      notify({ type: "error", message: result.message });
      // Someone else changed it first (409): show the current state.
      if (result.status === 409) startRefresh(() => router.refresh());
      return result;
    }
    notify({ type: "success", message: typeof success === "function" ? success(result) : success });
    startRefresh(() => router.refresh());
    return result;
  }

  return { run, pending: sending || refreshing };
}

/** A random UUID v4 from getRandomValues (crypto.randomUUID needs a secure context; plain-http intranets lack it). */
export function newRequestId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const GRANTS_API = "/api/admin/members/grants";
export const REFERRALS_API = "/api/admin/referrals";
export const MARKET_SYNC_API = "/api/admin/market/sync";
