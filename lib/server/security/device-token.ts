import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The device cookie's value (ADR 0027): `<id>.<signature>`, a random id of 16 bytes and the HMAC-SHA256 of it under
 * the server's key, both base64url. Only the server can make a value that verifies, so a script cannot invent new
 * devices; it proves that the server issued the id, not that it belongs to one physical device.
 */
const ID = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
/** Domain separation: the key signs nothing else in this shape. */
const CONTEXT = "lianghua-device-cookie:v1:";

function signatureOf(id: string, key: Uint8Array): string {
  return createHmac("sha256", key).update(CONTEXT + id).digest("base64url");
}

export function newDeviceToken(key: Uint8Array): { id: string; token: string } {
  const id = randomBytes(16).toString("base64url");
  return { id, token: `${id}.${signatureOf(id, key)}` };
}

/**
 * The device id of a value this key signed, else null. The signature is compared as text (so no other spelling of
 * the same bytes passes) in constant time.
 */
export function verifyDeviceToken(token: string | null | undefined, key: Uint8Array): string | null {
  if (typeof token !== "string" || token.length !== 66) return null;
  const id = token.slice(0, 22);
  const signature = token.slice(23);
  if (token[22] !== "." || !ID.test(id) || !SIGNATURE.test(signature)) return null;
  const expected = Buffer.from(signatureOf(id, key), "ascii");
  return timingSafeEqual(Buffer.from(signature, "ascii"), expected) ? id : null;
}
