"use client";

import { useEffect, useState } from "react";

export const RESEND_SECONDS = 60;

/** Seconds left before a code may be asked for again; `start()` begins the count. */
export function useCooldown(seconds = RESEND_SECONDS): { left: number; start: () => void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(seconds) };
}
