"use client";

import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { whenDomReady } from "@/lib/client/dom-ready";
import { getFingerprint, onFingerprint, peekFingerprint, type Fingerprint } from "@/lib/client/fingerprint";

/** undefined: no provider above; the hook then reads the page-wide fingerprint directly. */
const FingerprintContext = createContext<Fingerprint | null | undefined>(undefined);

export interface FingerprintProviderProps {
  fingerprintKey: string;
  fingerprintIv: string;
  children?: ReactNode;
}

/** null on the server and during hydration, so server and client render alike. */
function usePageFingerprint(): Fingerprint | null {
  return useSyncExternalStore(onFingerprint, peekFingerprint, () => null);
}

/** Starts the device fingerprint once the DOM is ready (plus the 100 ms delay) and provides it below. */
export function FingerprintProvider({ fingerprintKey, fingerprintIv, children }: FingerprintProviderProps) {
  const fingerprint = usePageFingerprint();

  useEffect(() => whenDomReady(() => void getFingerprint({ fingerprintKey, fingerprintIv })), [fingerprintKey, fingerprintIv]);

  return <FingerprintContext.Provider value={fingerprint}>{children}</FingerprintContext.Provider>;
}

/**
 * The fingerprint to attach to server-action calls; null until it has been computed. Works outside a
 * FingerprintProvider too, once something (ClientPlumbing) has started the computation.
 */
export function useFingerprint(): Fingerprint | null {
  const provided = useContext(FingerprintContext);
  const pageWide = usePageFingerprint();
  return provided === undefined ? pageWide : provided;
}
