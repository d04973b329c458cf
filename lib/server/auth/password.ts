import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { outsideRequest } from "@/lib/server/startup-context";

// argon2id (the library default, algorithm 2) with OWASP's memory/time parameters.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Verifies against a throwaway hash so an unknown account takes as long as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= outsideRequest(() => hashPassword("not-a-real-password-" + Math.random())); // kept for good: not in a request's context
  await verifyPassword(await dummyHash, password);
}
