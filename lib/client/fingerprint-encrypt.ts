/**
 * `encryptedData` of the device fingerprint (SPEC §3): the payload plaintext, AES-CBC with PKCS7 padding, base64 —
 * byte for byte what the server's CryptoJS code (lib/domain/fingerprint-payload) makes and reads. WebCrypto does it
 * where the page has it (a secure context: HTTPS or localhost) and the key length is one it supports (128 or 256 bits;
 * Chrome has no 192). Elsewhere the CryptoJS code is loaded, only then: evaluating it took ~50 ms of a phone's main
 * thread (its AES tables are computed when the module loads), one of the page's longest tasks after start-up.
 */
import type { FingerprintSignals } from "@/lib/domain/fingerprint-cookies";
import { base64FromBytes, bytesFromHex } from "@/lib/domain/bytes";
import { checkedIvHex, checkedKeyHex, payloadPlaintext } from "@/lib/domain/fingerprint-plaintext";

type Subtle = Pick<SubtleCrypto, "importKey" | "encrypt">;

function pageSubtle(): Subtle | null {
  return globalThis.isSecureContext !== false && globalThis.crypto?.subtle ? globalThis.crypto.subtle : null;
}

export async function encryptFingerprintPayload(
  signals: FingerprintSignals, timestampSec: number, keyHex: string, ivHex: string, subtle: Subtle | null = pageSubtle(),
): Promise<string> {
  const key = bytesFromHex(checkedKeyHex(keyHex));
  const iv = bytesFromHex(checkedIvHex(ivHex));
  if (subtle && (key.length === 16 || key.length === 32)) {
    try {
      const cryptoKey = await subtle.importKey("raw", key, { name: "AES-CBC" }, false, ["encrypt"]);
      const ciphertext = await subtle.encrypt({ name: "AES-CBC", iv }, cryptoKey, new TextEncoder().encode(payloadPlaintext(signals, timestampSec)));
      return base64FromBytes(new Uint8Array(ciphertext));
    } catch {
      // A WebView whose WebCrypto refuses the operation: the CryptoJS code below gives the same bytes.
    }
  }
  const { encryptPayload } = await import("@/lib/domain/fingerprint-payload");
  return encryptPayload(signals, timestampSec, keyHex, ivHex);
}

