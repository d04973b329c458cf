"use client";

import type { ReactNode } from "react";
import { LoginAutoOpen } from "@/components/dialogs/LoginAutoOpen";
import { LoginStateProvider } from "@/components/dialogs/login-state";
import type { PayPlan } from "@/components/dialogs/PayDialog";
import { PayStateProvider } from "@/components/dialogs/pay-state";
import type { PayOffer } from "@/lib/domain/payments/offer";
import { ShareStateProvider } from "@/components/dialogs/share-state";
import { ProgressBar } from "@/components/progress/ProgressBar";
import { Toaster } from "@/components/ui/Toaster";
import { LazyDialogs } from "./lazy-dialogs";

export interface SiteProvidersProps {
  /** Canonical origin for share links, e.g. https://www.example.com. */
  siteUrl: string;
  /** The membership plans for the pay dialog (from the server's catalog). */
  plans: readonly PayPlan[];
  /** Whether a purchase can start (and why not): the pay dialog says so before any click. */
  payment?: PayOffer;
  /** Prefills the login dialog's invitation code (e.g. the cfc_inv cookie read on the server). */
  invitationCode?: string;
  siteName?: string;
  children: ReactNode;
}

/**
 * The client-side shell of every page: login / pay / share state, their dialogs, the login auto-open of
 * SPEC §4, the progress bar and the toast host. Render it once in the root layout around the page.
 */
export function SiteProviders({ siteUrl, plans, payment, invitationCode, siteName, children }: SiteProvidersProps) {
  return (
    <LoginStateProvider initialInvitationCode={invitationCode}>
      <PayStateProvider>
        <ShareStateProvider>
          {children}
          <LazyDialogs plans={plans} payment={payment} siteUrl={siteUrl} siteName={siteName} />
          <LoginAutoOpen />
          <ProgressBar />
          <Toaster />
        </ShareStateProvider>
      </PayStateProvider>
    </LoginStateProvider>
  );
}
