import "server-only";
import { config } from "@/lib/config";
import { checkDevice, type DeviceCheck } from "@/lib/domain/device-check";
import { FINGERPRINT_COOKIES } from "@/lib/domain/fingerprint-payload";
import type { SessionDevice } from "@/lib/server/auth/sessions";
import { signedDeviceId } from "@/lib/device/cookie";

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/**
 * The request's device fingerprint as checked against our key (docs/adr/0004). Its key is in every page and its
 * cookies are script-readable, so anyone can make one that checks out: it is recorded, and decides nothing (ADR 0027).
 */
export function deviceOf(cookies: CookieReader, now = new Date()): DeviceCheck {
  const { fingerprintKey, fingerprintIv } = config();
  return checkDevice(
    {
      hash: cookies.get(FINGERPRINT_COOKIES.hash)?.value,
      encryptedData: cookies.get(FINGERPRINT_COOKIES.encryptedData)?.value,
      isWebdriver: cookies.get(FINGERPRINT_COOKIES.isWebdriver)?.value,
    },
    { keyHex: fingerprintKey, ivHex: fingerprintIv },
    Math.floor(now.getTime() / 1000),
  );
}

/** What a login or registration records of its device: the fingerprint hash, and the id of the signed device cookie. */
export function requestDevice(cookies: CookieReader): SessionDevice {
  const fingerprint = deviceOf(cookies);
  return { hash: fingerprint.status === "valid" ? fingerprint.hash : null, id: signedDeviceId(cookies) };
}
