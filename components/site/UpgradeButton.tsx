"use client";

import type { ReactNode } from "react";
import { usePayState } from "@/components/dialogs/pay-state";

/** Opens the pay dialog preset to a level (or the login dialog for visitors, SPEC §4). */
export function UpgradeButton({ levelId, bannerText, className, children }: { levelId: number; bannerText?: string; className?: string; children: ReactNode }) {
  const { openPay } = usePayState();
  return (
    <button type="button" className={className} onClick={() => openPay({ levelId, bannerText })}>
      {children}
    </button>
  );
}
