/**
 * The fingerprint's shapes and cookie names: light enough for every page (the plaintext and MD5 are in
 * fingerprint-plaintext, the AES code in fingerprint-payload and lib/client/fingerprint-encrypt).
 */
export interface FingerprintSignals {
  canvas: string;
  webgl: string;
  plugins: string;
  fonts: string;
  audio: string;
  webdriver: boolean;
}

export interface DecryptedPayload {
  signals: FingerprintSignals;
  timestampSec: number;
}

/** What the browser stores and hands to server calls. */
export interface Fingerprint {
  hash: string;
  encryptedData: string;
  isWebdriver: boolean;
}

/** Obfuscated cookie names of the three fingerprint cookies (3 days), readable by the server on any request. */
export const FINGERPRINT_COOKIES = {
  hash: "_lh_fa",
  encryptedData: "_lh_fb",
  isWebdriver: "_lh_fc",
} as const;
