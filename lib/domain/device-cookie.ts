import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The server-issued device cookie (ADR 0027; not one of SPEC's cookies): HttpOnly, set by the proxy on a page view,
 * its value `<id>.<signature>` — a random id of 16 bytes and the HMAC-SHA256 of it under the server's key, both
 * base64url. Only the server can make a value that verifies, so a script cannot invent new devices; it proves that the
 * server issued the id, not that the id belongs to one physical device. The referral reward's "new device" rule keys
 * on this id.
 */
export const DEVICE_COOKIE = "lh_device";
/** 400 days: the longest lifetime browsers keep a cookie (Chromium caps Max-Age there). */
export const DEVICE_COOKIE_DAYS = 400;
export const DEVICE_ID_BYTES = 16;

const ID = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
/** Domain separation: the key signs nothing else in this shape. */
const CONTEXT = "lianghua-device-cookie:v1:";

function signatureOf(id: string, key: Uint8Array): string {
  return createHmac("sha256", key).update(CONTEXT + id).digest("base64url");
}

/** The cookie value for a new device, from 16 random bytes (the caller's: this module does no I/O). */
export function newDeviceToken(randomId: Uint8Array, key: Uint8Array): { id: string; token: string } {
  if (randomId.length !== DEVICE_ID_BYTES) throw new Error(`a device id is ${DEVICE_ID_BYTES} random bytes`);
  const id = Buffer.from(randomId).toString("base64url");
  return { id, token: `${id}.${signatureOf(id, key)}` };
}

/**
 * The device id of a value this key signed, else null. The signature is compared as text (so no other spelling of
 * the same bytes passes) and in constant time.
 */
export function verifyDeviceToken(token: string | null | undefined, key: Uint8Array): string | null {
  if (typeof token !== "string" || token.length !== 66 || token[22] !== ".") return null;
  const id = token.slice(0, 22);
  const signature = token.slice(23);
  if (!ID.test(id) || !SIGNATURE.test(signature)) return null;
  return timingSafeEqual(Buffer.from(signature, "ascii"), Buffer.from(signatureOf(id, key), "ascii")) ? id : null;
}
