/**
 * Device fingerprint payload of SPEC §3: `hash` is the MD5 of the signals, `encryptedData` is the signals joined
 * with the timestamp in seconds, AES-CBC / PKCS7 encrypted, base64. The server decrypts it with decryptPayload.
 *
 * Plaintext layout: canvas|webgl|plugins|fonts|audio|webdriver|timestampSec|check
 *  - each text field has "%" and "|" escaped as %25 and %7C, so any text survives the join;
 *  - webdriver is "1" or "0";
 *  - check is the first 8 hex digits of the MD5 of everything before it, so a corrupted or tampered payload is
 *    rejected (CBC alone would let a flipped bit pass as a different but well-formed plaintext).
 */
import AES from "crypto-js/aes";
import CryptoJS from "crypto-js/core";
import Base64 from "crypto-js/enc-base64";
import Hex from "crypto-js/enc-hex";
import Utf8 from "crypto-js/enc-utf8";
import SparkMD5 from "spark-md5";

export { FINGERPRINT_COOKIES, type DecryptedPayload, type Fingerprint, type FingerprintSignals } from "./fingerprint-cookies";
import type { DecryptedPayload, FingerprintSignals } from "./fingerprint-cookies";

const TEXT_FIELDS = ["canvas", "webgl", "plugins", "fonts", "audio"] as const;
const CHECK_LENGTH = 8;

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

export function encryptPayload(signals: FingerprintSignals, timestampSec: number, keyHex: string, ivHex: string): string {
  const body = `${joinSignals(signals)}|${Math.floor(timestampSec)}`;
  const plaintext = `${body}|${check(body)}`;
  const encrypted = AES.encrypt(Utf8.parse(plaintext), parseKey(keyHex), {
    iv: parseIv(ivHex), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7,
  });
  return encrypted.ciphertext.toString(Base64);
}

/** The signals and timestamp of a payload, or null for anything that is not an intact payload under this key. */
export function decryptPayload(payloadBase64: string, keyHex: string, ivHex: string): DecryptedPayload | null {
  try {
    const ciphertext = Base64.parse(payloadBase64);
    const decrypted = AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), parseKey(keyHex), {
      iv: parseIv(ivHex), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7,
    });
    if (decrypted.sigBytes <= 0) return null;
    return parsePlaintext(decrypted.toString(Utf8));
  } catch {
    return null;
  }
}

/** Stable join of the signals; lone surrogates become U+FFFD so the text can be UTF-8 encoded. */
export function joinSignals(signals: FingerprintSignals): string {
  const texts = TEXT_FIELDS.map((field) => escapeField(wellFormed(signals[field])));
  return [...texts, signals.webdriver ? "1" : "0"].join("|");
}

function parsePlaintext(plaintext: string): DecryptedPayload | null {
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

function check(body: string): string {
  return SparkMD5.hash(body).slice(0, CHECK_LENGTH);
}

function parseKey(keyHex: string): CryptoJS.lib.WordArray {
  if (!/^(?:[0-9a-f]{32}|[0-9a-f]{48}|[0-9a-f]{64})$/i.test(keyHex)) throw new Error("Fingerprint key must be 16, 24 or 32 bytes of hex");
  return Hex.parse(keyHex);
}

function parseIv(ivHex: string): CryptoJS.lib.WordArray {
  if (!/^[0-9a-f]{32}$/i.test(ivHex)) throw new Error("Fingerprint IV must be 16 bytes of hex");
  return Hex.parse(ivHex);
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
