"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { DEFAULT_PAY_LEVEL_ID } from "@/lib/domain/constants";
import { useLoginState } from "./login-state";

/** The pay dialog state of SPEC §3. */
export interface PayDialogState {
  visible: boolean;
  defaultLevelId: number;
  /** Extra query appended to /pay (e.g. `from=detail&guid=…`). */
  params: string;
  bannerText: string;
}

export interface OpenPayOptions {
  levelId?: number;
  params?: string;
  bannerText?: string;
}

interface PayContextValue extends PayDialogState {
  /** Opens the pay dialog only when user info exists; otherwise opens the login dialog (SPEC §4). */
  openPay: (options?: OpenPayOptions) => void;
  closePay: () => void;
}

const PayContext = createContext<PayContextValue | null>(null);

export const INITIAL_PAY_STATE: PayDialogState = {
  visible: false,
  defaultLevelId: DEFAULT_PAY_LEVEL_ID,
  params: "",
  bannerText: "",
};

/** Needs to sit inside <LoginStateProvider>. */
export function PayStateProvider({ children }: { children: ReactNode }) {
  const { openLogin } = useLoginState();
  const [state, setState] = useState<PayDialogState>(INITIAL_PAY_STATE);

  const openPay = useCallback(
    ({ levelId, params, bannerText }: OpenPayOptions = {}) => {
      // The cookie reader is fetched on the first click, not with every page (ADR 0062).
      void import("@/lib/client/userinfo").then(({ loadUserInfo }) => {
        if (!loadUserInfo()) {
          openLogin();
          return;
        }
        setState({
          visible: true,
          defaultLevelId: levelId ?? DEFAULT_PAY_LEVEL_ID,
          params: params ?? "",
          bannerText: bannerText ?? "",
        });
      });
    },
    [openLogin],
  );
  const closePay = useCallback(() => setState((s) => ({ ...s, visible: false })), []);

  const value = useMemo(() => ({ ...state, openPay, closePay }), [state, openPay, closePay]);
  return <PayContext.Provider value={value}>{children}</PayContext.Provider>;
}

export function usePayState(): PayContextValue {
  const value = useContext(PayContext);
  if (!value) throw new Error("usePayState() needs <PayStateProvider> (mounted by SiteProviders)");
  return value;
}
