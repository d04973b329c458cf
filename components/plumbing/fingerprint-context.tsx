"use client";

import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { whenPainted } from "@/lib/client/dom-ready";
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

/**
 * Starts the device fingerprint once the DOM is ready and the page has been painted (plus the 100 ms delay) and provides
 * it below. Its canvas and WebGL probes started before the first paint held that paint back by up to a second on a
 * slow device (ADR 0018).
 */
export function FingerprintProvider({ fingerprintKey, fingerprintIv, children }: FingerprintProviderProps) {
  const fingerprint = usePageFingerprint();

  useEffect(() => whenPainted(() => void getFingerprint({ fingerprintKey, fingerprintIv })), [fingerprintKey, fingerprintIv]);

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
