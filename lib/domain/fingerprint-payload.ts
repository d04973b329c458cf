/**
 * Device fingerprint payload of SPEC §3 with CryptoJS: `encryptedData` is the plaintext of fingerprint-plaintext.ts,
 * AES-CBC / PKCS7 encrypted, base64. The server decrypts it here; browsers encrypt with WebCrypto where they can
 * (lib/client/fingerprint-encrypt.ts) and fall back to encryptPayload.
 */
import AES from "crypto-js/aes";
import CryptoJS from "crypto-js/core";
import Base64 from "crypto-js/enc-base64";
import Hex from "crypto-js/enc-hex";
import Utf8 from "crypto-js/enc-utf8";
import { checkedIvHex, checkedKeyHex, parsePlaintext, payloadPlaintext } from "./fingerprint-plaintext";
import type { DecryptedPayload, FingerprintSignals } from "./fingerprint-cookies";

export { FINGERPRINT_COOKIES, type DecryptedPayload, type Fingerprint, type FingerprintSignals } from "./fingerprint-cookies";
export { deviceIdentity, hashSignals, joinSignals } from "./fingerprint-plaintext";

export function encryptPayload(signals: FingerprintSignals, timestampSec: number, keyHex: string, ivHex: string): string {
  const encrypted = AES.encrypt(Utf8.parse(payloadPlaintext(signals, timestampSec)), parseKey(keyHex), {
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

function parseKey(keyHex: string): CryptoJS.lib.WordArray {
  return Hex.parse(checkedKeyHex(keyHex));
}

function parseIv(ivHex: string): CryptoJS.lib.WordArray {
  return Hex.parse(checkedIvHex(ivHex));
}
