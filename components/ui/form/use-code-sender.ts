"use client";

import { useState } from "react";
import type { SubmitResult } from "@/lib/client/request";
import type { Feedback } from "./FeedbackLine";
import { checkLazily, type SchemaLoader } from "./lazy-validation";
import { useCooldown } from "./use-cooldown";

/**
 * The 获取验证码 step of a form: the typed address is checked with the route's schema (loaded lazily) (its first problem shown in
 * the form's FeedbackLine), sent with `send`, and on success remembered as `sentTo` while the resend cooldown runs.
 */
export function useCodeSender<Sent>(
  loadSchema: SchemaLoader<Sent, string>,
  send: (to: Sent) => Promise<SubmitResult>,
  { setFeedback, sentText }: { setFeedback: (feedback: Feedback) => void; sentText: (result: SubmitResult) => string },
) {
  const [sentTo, setSentTo] = useState<Sent | null>(null);
  const [sending, setSending] = useState(false);
  const cooldown = useCooldown();

  /** Resolves true when a code was sent. */
  async function request(typed: string): Promise<boolean> {
    const parsed = await checkLazily(loadSchema, typed);
    if (!parsed.ok) {
      setFeedback({ tone: "error", text: parsed.message });
      return false;
    }
    setSending(true);
    setFeedback(null);
    const result = await send(parsed.value);
    setSending(false);
    if (!result.ok) {
      setFeedback({ tone: "error", text: result.message });
      return false;
    }
    setSentTo(parsed.value);
    cooldown.start();
    setFeedback({ tone: "success", text: sentText(result) });
    return true;
  }

  /** The address was edited: the code sent to the old one no longer applies. */
  const forget = () => setSentTo(null);

  return { sentTo, sending, left: cooldown.left, request, forget };
}
