"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import type { PayPlan } from "@/components/dialogs/PayDialog";
import { useLoginState } from "@/components/dialogs/login-state";
import { usePayState } from "@/components/dialogs/pay-state";
import { useShareState } from "@/components/dialogs/share-state";
import { whenIdleAfterInteraction } from "@/lib/client/idle-after-interaction";
import type { PayOffer } from "@/lib/domain/payments/offer";

/*
 * The login, pay and share dialogs (radix, the QR encoder, the forms) are not part of any page's first load: each is
 * fetched when it is first opened, and fetched ahead when the browser is idle after the visitor's first interaction
 * (not during start-up, where evaluating them was a long task on phones), so opening one rarely waits.
 */
const loadLogin = () => import("@/components/dialogs/LoginDialog");
const loadPay = () => import("@/components/dialogs/PayDialog");
const loadShare = () => import("@/components/dialogs/ShareDialog");

const LoginDialog = dynamic(() => loadLogin().then((m) => m.LoginDialog), { ssr: false });
const PayDialog = dynamic(() => loadPay().then((m) => m.PayDialog), { ssr: false });
const ShareDialog = dynamic(() => loadShare().then((m) => m.ShareDialog), { ssr: false });

/** True from the first time `open` is true: a dialog stays mounted afterwards so it can animate closed. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

function usePrefetchWhenIdle(): void {
  useEffect(() => whenIdleAfterInteraction(() => void Promise.all([loadLogin(), loadPay(), loadShare()]).catch(() => {})), []);
}

export function LazyDialogs({ plans, payment, siteUrl, siteName }: { plans: readonly PayPlan[]; payment?: PayOffer; siteUrl: string; siteName?: string }) {
  usePrefetchWhenIdle();
  const login = useOpenedOnce(useLoginState().shown);
  const pay = useOpenedOnce(usePayState().visible);
  const share = useOpenedOnce(useShareState().view.kind !== "closed");
  return (
    <>
      {login ? <LoginDialog /> : null}
      {pay ? <PayDialog plans={plans} payment={payment} /> : null}
      {share ? <ShareDialog siteUrl={siteUrl} siteName={siteName} /> : null}
    </>
  );
}
