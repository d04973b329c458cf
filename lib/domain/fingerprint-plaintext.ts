/**
 * The device fingerprint's plaintext and hashes (SPEC §3), without any cipher: the browser encrypts it with WebCrypto
 * (lib/client/fingerprint-encrypt.ts), the server decrypts it with CryptoJS (fingerprint-payload.ts).
 *
 * Plaintext layout: canvas|webgl|plugins|fonts|audio|webdriver|timestampSec|check
 *  - each text field has "%" and "|" escaped as %25 and %7C, so any text survives the join;
 *  - webdriver is "1" or "0";
 *  - check is the first 8 hex digits of the MD5 of everything before it, so a corrupted or tampered payload is
 *    rejected (CBC alone would let a flipped bit pass as a different but well-formed plaintext).
 */
import SparkMD5 from "spark-md5";
import type { DecryptedPayload, FingerprintSignals } from "./fingerprint-cookies";

const TEXT_FIELDS = ["canvas", "webgl", "plugins", "fonts", "audio"] as const;
const CHECK_LENGTH = 8;

/** `hash` of SPEC §3: the MD5 hex of the signals. */
export function hashSignals(signals: FingerprintSignals): string {
  return SparkMD5.hash(joinSignals(signals));
}

/**
 * The device identity the server keeps: the signals without audio. The audio render has a 1 s budget and times out on
 * a busy phone, so the same browser would otherwise look like a new device from one page to the next.
 */
export function deviceIdentity(signals: FingerprintSignals): string {
  return SparkMD5.hash(joinSignals({ ...signals, audio: "" }));
}

/** Stable join of the signals; lone surrogates become U+FFFD so the text can be UTF-8 encoded. */
export function joinSignals(signals: FingerprintSignals): string {
  const texts = TEXT_FIELDS.map((field) => escapeField(wellFormed(signals[field])));
  return [...texts, signals.webdriver ? "1" : "0"].join("|");
}

/** What gets encrypted: the signals, the timestamp in whole seconds and the check. Well-formed, so UTF-8 safe. */
export function payloadPlaintext(signals: FingerprintSignals, timestampSec: number): string {
  const body = `${joinSignals(signals)}|${Math.floor(timestampSec)}`;
  return `${body}|${check(body)}`;
}

/** The signals and timestamp of a decrypted plaintext, or null when it is not intact. */
export function parsePlaintext(plaintext: string): DecryptedPayload | null {
  const cut = plaintext.lastIndexOf("|");
  if (cut < 0) return null;
  const body = plaintext.slice(0, cut);
  if (plaintext.slice(cut + 1) !== check(body)) return null;
  const parts = body.split("|");
  if (parts.length !== TEXT_FIELDS.length + 2) return null;
  const [canvas, webgl, plugins, fonts, audio, webdriver, timestamp] = parts as [string, string, string, string, string, string, string];
  if ((webdriver !== "0" && webdriver !== "1") || !/^\d+$/.test(timestamp)) return null;
  return {
    signals: {
      canvas: unescapeField(canvas), webgl: unescapeField(webgl), plugins: unescapeField(plugins),
      fonts: unescapeField(fonts), audio: unescapeField(audio), webdriver: webdriver === "1",
    },
    timestampSec: Number(timestamp),
  };
}

/** The AES key as given (hex of 16, 24 or 32 bytes); throws on anything else. */
export function checkedKeyHex(keyHex: string): string {
  if (!/^(?:[0-9a-f]{32}|[0-9a-f]{48}|[0-9a-f]{64})$/i.test(keyHex)) throw new Error("Fingerprint key must be 16, 24 or 32 bytes of hex");
  return keyHex;
}

/** The CBC IV as given (hex of 16 bytes); throws on anything else. */
export function checkedIvHex(ivHex: string): string {
  if (!/^[0-9a-f]{32}$/i.test(ivHex)) throw new Error("Fingerprint IV must be 16 bytes of hex");
  return ivHex;
}

function check(body: string): string {
  return SparkMD5.hash(body).slice(0, CHECK_LENGTH);
}

function escapeField(text: string): string {
  return text.replace(/[%|]/g, (char) => (char === "%" ? "%25" : "%7C"));
}

function unescapeField(text: string): string {
  return text.replace(/%(25|7C)/g, (_, code: string) => (code === "25" ? "%" : "|"));
}

function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (unit) => (unit.length === 2 ? unit : "\uFFFD"));
}
