"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type LoginType = "code" | "password";

/** The login dialog state of SPEC §3: shown flag, invitation code, active type. */
export interface LoginDialogState {
  shown: boolean;
  invitationCode: string;
  activeType: LoginType;
}

export interface OpenLoginOptions {
  invitationCode?: string;
  activeType?: LoginType;
}

interface LoginContextValue extends LoginDialogState {
  openLogin: (options?: OpenLoginOptions) => void;
  closeLogin: () => void;
  setActiveType: (type: LoginType) => void;
}

const LoginContext = createContext<LoginContextValue | null>(null);

export interface LoginStateProviderProps {
  children: ReactNode;
  /** Initial invitation code, e.g. from the cfc_inv cookie or a /login/{code} route. */
  initialInvitationCode?: string;
}

export function LoginStateProvider({ children, initialInvitationCode = "" }: LoginStateProviderProps) {
  const [state, setState] = useState<LoginDialogState>({
    shown: false,
    invitationCode: initialInvitationCode,
    activeType: "code",
  });

  const openLogin = useCallback((options: OpenLoginOptions = {}) => {
    setState((s) => ({
      shown: true,
      invitationCode: options.invitationCode ?? s.invitationCode,
      activeType: options.activeType ?? s.activeType,
    }));
  }, []);
  const closeLogin = useCallback(() => setState((s) => ({ ...s, shown: false })), []);
  const setActiveType = useCallback((activeType: LoginType) => setState((s) => ({ ...s, activeType })), []);

  const value = useMemo(() => ({ ...state, openLogin, closeLogin, setActiveType }), [state, openLogin, closeLogin, setActiveType]);
  return <LoginContext.Provider value={value}>{children}</LoginContext.Provider>;
}

/** The login dialog state and its actions; needs <LoginStateProvider> (SiteProviders mounts it). */
export function useLoginState(): LoginContextValue {
  const value = useContext(LoginContext);
  if (!value) throw new Error("useLoginState() needs <LoginStateProvider> (mounted by SiteProviders)");
  return value;
}
