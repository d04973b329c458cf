/**
 * Device fingerprint of SPEC §3/§4: collected 100 ms after start-up (unless the cookies still hold one), then kept in three cookies for 3 days so
 * every later request (pages, server actions, route handlers) carries it. Cookie names (FINGERPRINT_COOKIES):
 *   _lh_fa = hash (MD5 of the signals), _lh_fb = encryptedData (AES-CBC payload), _lh_fc = isWebdriver ("1"/"0").
 * Never rejects: without canvas/audio the signals fall back to fixed values; without a valid key encryptedData is "".
 */
import { getCookie, setCookie } from "cookies-next/client";
import { FINGERPRINT_COOKIE_DAYS, FINGERPRINT_DELAY_MS } from "@/lib/domain/constants";
import { FINGERPRINT_COOKIES, type Fingerprint } from "@/lib/domain/fingerprint-cookies";
import { cookieAttributes } from "./cookie-attributes";

export type { Fingerprint } from "@/lib/domain/fingerprint-cookies";
export { FINGERPRINT_COOKIES } from "@/lib/domain/fingerprint-cookies";

export interface FingerprintKeys {
  /** AES key, hex (ClientConfig.fingerprintKey). */
  fingerprintKey: string;
  /** AES-CBC IV, hex (ClientConfig.fingerprintIv). */
  fingerprintIv: string;
}

let pending: Promise<Fingerprint> | null = null;
let computed: Fingerprint | null = null;
const listeners = new Set<() => void>();

/** The fingerprint of this page load, computed once (the first call starts the 100 ms delay). */
export function getFingerprint(keys: FingerprintKeys): Promise<Fingerprint> {
  pending ??= computeFingerprint(keys)
    .catch((): Fingerprint => ({ hash: "", encryptedData: "", isWebdriver: false }))
    .then((fingerprint) => {
      computed = fingerprint;
      for (const listener of listeners) listener();
      return fingerprint;
    });
  return pending;
}

/** The fingerprint once computed, else null (for useSyncExternalStore). */
export function peekFingerprint(): Fingerprint | null {
  return computed;
}

/** Calls the listener when the fingerprint has been computed; returns the unsubscribe function. */
export function onFingerprint(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

async function computeFingerprint(keys: FingerprintKeys): Promise<Fingerprint> {
  await new Promise((resolve) => setTimeout(resolve, FINGERPRINT_DELAY_MS));
  // Kept for the cookies' lifetime: canvas and audio renders can differ between page loads of the same browser, and a
  // device must not look new from one page to the next. When the cookies expire the signals are collected again.
  const kept = storedFingerprint();
  if (kept) return kept;
  // The signal collection and AES/MD5 code load only now, after start-up, and only when no cookie holds the result.
  const [{ collectSignals }, { encryptFingerprintPayload }, { hashSignals }] = await Promise.all([
    import("./fingerprint-signals"), import("./fingerprint-encrypt"), import("@/lib/domain/fingerprint-plaintext"),
  ]);
  const signals = await collectSignals();
  let encryptedData = "";
  try {
    encryptedData = await encryptFingerprintPayload(signals, Math.floor(Date.now() / 1000), keys.fingerprintKey, keys.fingerprintIv);
  } catch (error) {
    console.warn("Fingerprint payload not encrypted: check the fingerprint key and IV", error);
  }
  const fingerprint: Fingerprint = { hash: hashSignals(signals), encryptedData, isWebdriver: signals.webdriver };
  storeFingerprint(fingerprint);
  return fingerprint;
}

function storedFingerprint(): Fingerprint | null {
  const hash = getCookie(FINGERPRINT_COOKIES.hash);
  const encryptedData = getCookie(FINGERPRINT_COOKIES.encryptedData);
  if (!hash || !encryptedData) return null;
  return { hash, encryptedData, isWebdriver: getCookie(FINGERPRINT_COOKIES.isWebdriver) === "1" };
}

function storeFingerprint(fingerprint: Fingerprint): void {
  const attributes = cookieAttributes(FINGERPRINT_COOKIE_DAYS);
  setCookie(FINGERPRINT_COOKIES.hash, fingerprint.hash, attributes);
  setCookie(FINGERPRINT_COOKIES.encryptedData, fingerprint.encryptedData, attributes);
  setCookie(FINGERPRINT_COOKIES.isWebdriver, fingerprint.isWebdriver ? "1" : "0", attributes);
}
