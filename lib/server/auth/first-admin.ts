import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, like, lt } from "drizzle-orm";
import { db, type Database } from "@/lib/db";
import { appMeta, users } from "@/lib/db/schema";
import { AppError } from "@/lib/server/http/app-error";
import { newPasswordProblem } from "@/lib/server/auth/password-change";
import { createUser, DuplicateAccountError, NewUserInput } from "@/lib/server/members/users";
import { hashToken } from "./tokens";

/**
 * The first administrator, made while the server runs (ADR 0034): while no administrator exists, start-up issues a
 * one-time setup token and prints the link to /setup with it, as Ghost's first-run setup does. Only the token's
 * SHA-256 is stored (app_meta, key `setup_token:<hash>`, value its expiry), so the database alone cannot open the page;
 * a token is good for SETUP_TOKEN_HOURS, once, and never after an administrator exists. Each instance that starts
 * without an administrator prints its own token; using any of them removes them all. The setup is for the first
 * administrator only: once one has existed (app_meta `admin_appointed_at`, written with the appointment by a trigger,
 * migration 0018), no token is good again, even if every administrator is later demoted; `user:role` makes the next.
 */
export const SETUP_TOKEN_HOURS = 24;
const KEY_PREFIX = "setup_token:";
const APPOINTED_KEY = "admin_appointed_at";
const keyOf = (token: string) => KEY_PREFIX + hashToken(token);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const SETUP_MESSAGES = {
  badToken: "设置链接无效、已用过或已过期：重启服务器后，启动输出里会打印新的设置链接",
  adminExists: "已经有管理员了：请用管理员账号登录，或请管理员在后台操作",
  accountTaken: "该邮箱已注册：请先用它登录，再打开设置链接，把这个账号设为管理员",
  setupEnded: "首次设置已经完成过：如需新的管理员，请在服务器上运行 npm run cli -- user:role --email 邮箱 --role admin",
} as const;

export async function adminExists(): Promise<boolean> {
  const [row] = await (await db()).select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return row !== undefined;
}

/** Whether an administrator has ever existed here (the record the appointment's trigger writes). */
async function setupEnded(database: Database): Promise<boolean> {
  const [row] = await database.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, APPOINTED_KEY)).limit(1);
  return row !== undefined;
}

/**
 * At start-up: a fresh token when no administrator exists (expired ones are dropped), else null (and every token left
 * from before is dropped).
 */
export async function issueSetupToken(now = new Date()): Promise<{ token: string; expiresAt: Date } | null> {
  const database = await db();
  if ((await adminExists()) || (await setupEnded(database))) {
    await database.delete(appMeta).where(like(appMeta.key, `${KEY_PREFIX}%`));
    return null;
  }
  await database.delete(appMeta).where(and(like(appMeta.key, `${KEY_PREFIX}%`), lt(appMeta.value, now.toISOString())));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SETUP_TOKEN_HOURS * 3_600_000);
  await database.insert(appMeta).values({ key: keyOf(token), value: expiresAt.toISOString(), updatedAt: now });
  return { token, expiresAt };
}

/** Whether the page may offer the setup: the token is known and unexpired, and no administrator exists yet. */
export async function setupTokenState(token: string | null, now = new Date()): Promise<"usable" | "bad-token" | "admin-exists" | "setup-ended"> {
  if (await adminExists()) return "admin-exists";
  if (await setupEnded(await db())) return "setup-ended";
  if (!token || !TOKEN_SHAPE.test(token)) return "bad-token";
  const [row] = await (await db()).select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, keyOf(token))).limit(1);
  return row && row.value > now.toISOString() ? "usable" : "bad-token";
}

/** Who becomes the administrator: the member who is logged in, or a new account made here. */
export type SetupClaimant = { userId: string } | { email: string; password: string; nickname?: string };
export type SetupResult = { userId: string; created: boolean };

/**
 * Spends the token and makes the administrator, in one transaction: every setup token is deleted (a concurrent claim
 * finds none left and is refused), an administrator made meanwhile refuses it, and a refused claim changes nothing.
 */
export async function claimFirstAdmin(token: string, who: SetupClaimant, now = new Date()): Promise<SetupResult> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError("forbidden", SETUP_MESSAGES.badToken);
  if ("email" in who) {
    const input = NewUserInput.safeParse({ email: who.email, password: who.password, nickname: who.nickname || undefined, role: "admin" });
    if (!input.success) throw new AppError("invalid", input.error.issues[0]?.message ?? "请检查填写的内容");
    const problem = newPasswordProblem(who.password, { email: who.email, nickname: who.nickname });
    if (problem) throw new AppError("invalid", problem);
  }
  try {
    return await (await db()).transaction(async (tx) => {
      const spent = await tx.delete(appMeta).where(like(appMeta.key, `${KEY_PREFIX}%`)).returning({ key: appMeta.key, value: appMeta.value });
      const mine = spent.find((row) => row.key === keyOf(token));
      // A wrong token rolls back: it must not spend the tokens of whoever holds the right one.
      if (!mine || mine.value <= now.toISOString()) throw new AppError("forbidden", SETUP_MESSAGES.badToken);
      const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
      if (admin) throw new AppError("conflict", SETUP_MESSAGES.adminExists);
      if (await setupEnded(tx)) throw new AppError("conflict", SETUP_MESSAGES.setupEnded);
      if ("userId" in who) {
        const done = await tx.update(users).set({ role: "admin", updatedAt: now }).where(eq(users.id, who.userId)).returning({ id: users.id });
        if (!done[0]) throw new AppError("unauthenticated", "请先登录");
        return { userId: who.userId, created: false };
      }
      const user = await createUser({ email: who.email, password: who.password, nickname: who.nickname || undefined, role: "admin" }, {}, tx);
      return { userId: user.id, created: true };
    });
  } catch (err) {
    if (err instanceof DuplicateAccountError) throw new AppError("conflict", SETUP_MESSAGES.accountTaken);
    throw err;
  }
}
