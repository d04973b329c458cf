import { decryptPayload, deviceIdentity, hashSignals } from "./fingerprint-payload";
import { FINGERPRINT_COOKIE_DAYS } from "./constants";

export type DeviceCheck =
  | { status: "absent" }
  | { status: "invalid"; reason: "undecryptable" | "hash-mismatch" | "stale" | "future" }
  /** `hash` is the device identity (deviceIdentity: the signals without the timing-sensitive audio) */
  | { status: "valid"; hash: string; isWebdriver: boolean; ageSec: number };

/**
 * The server's check of the three fingerprint cookies: the payload must decrypt under our key, its signals must
 * hash to the stated hash, and it must have been made within the cookie lifetime. A failed check counts as no
 * fingerprint: it is a risk signal, never proof of identity.
 */
export function checkDevice(
  cookies: { hash?: string; encryptedData?: string; isWebdriver?: string },
  keys: { keyHex: string; ivHex: string },
  nowSec: number,
): DeviceCheck {
  if (!cookies.hash || !cookies.encryptedData) return { status: "absent" };
  const payload = decryptPayload(cookies.encryptedData, keys.keyHex, keys.ivHex);
  if (!payload) return { status: "invalid", reason: "undecryptable" };
  if (hashSignals(payload.signals) !== cookies.hash) return { status: "invalid", reason: "hash-mismatch" };
  const ageSec = nowSec - payload.timestampSec;
  if (ageSec < -300) return { status: "invalid", reason: "future" };
  if (ageSec > FINGERPRINT_COOKIE_DAYS * 86_400) return { status: "invalid", reason: "stale" };
  return { status: "valid", hash: deviceIdentity(payload.signals), isWebdriver: payload.signals.webdriver || cookies.isWebdriver === "1", ageSec: Math.max(0, ageSec) };
}
