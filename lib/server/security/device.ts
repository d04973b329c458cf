import "server-only";
import { config } from "@/lib/config";
import { checkDevice, type DeviceCheck } from "@/lib/domain/device-check";
import { FINGERPRINT_COOKIES } from "@/lib/domain/fingerprint-payload";

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/** The request's device fingerprint as checked against our key (docs/adr/0004: a risk signal only). */
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
