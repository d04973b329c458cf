import "server-only";
import { randomBytes } from "node:crypto";
import type { NextRequest, NextResponse } from "next/server";
import { config } from "@/lib/config";
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, DEVICE_ID_BYTES, newDeviceToken, verifyDeviceToken } from "@/lib/domain/device-cookie";
import { isHttpsRequest } from "@/lib/domain/security-headers";
import { deviceCookieKey } from "./key";

/*
 * Outside lib/server on purpose: the proxy calls this, and the proxy reads no data (P1). Nothing here touches the
 * database; the key comes from the configuration or its file in DATA_DIR.
 */

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/** The device id of the request's device cookie when this server signed it; null when absent, forged or tampered. */
export function signedDeviceId(cookies: CookieReader): string | null {
  return verifyDeviceToken(cookies.get(DEVICE_COOKIE)?.value, deviceCookieKey());
}

/**
 * Gives a page answer a new device cookie when the request has none that verifies (proxy.ts). A valid one is left
 * alone, so a browser keeps its id and pages are not answered with a Set-Cookie each time.
 */
export function withDeviceCookie(req: NextRequest, res: NextResponse): NextResponse {
  if (signedDeviceId(req.cookies) !== null) return res;
  const c = config();
  const secure = isHttpsRequest({ siteUrl: c.siteUrl, trustedProxyHops: c.trustedProxyHops, forwardedProto: req.headers.get("x-forwarded-proto") });
  res.cookies.set(DEVICE_COOKIE, newDeviceToken(randomBytes(DEVICE_ID_BYTES), deviceCookieKey()).token, {
    httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
  return res;
}
