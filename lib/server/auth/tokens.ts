import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** Opaque session tokens: 32 random bytes for the cookie, only the SHA-256 stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
