import "server-only";
import { randomBytes } from "node:crypto";
import { eq, or } from "drizzle-orm";
import { z } from "zod";
import { db, type Database } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { invitationCodeFromBytes } from "@/lib/domain/invitation-code";
import { hashPassword } from "@/lib/server/auth/password";

export type UserRow = typeof users.$inferSelect;
export type Role = UserRow["role"];

export const NewUserInput = z
  .object({
    email: z.email("邮箱格式不正确").transform((e) => e.toLowerCase()).optional(),
    mobile: z.string().regex(/^1[3-9]\d{9}$/, "手机号格式不正确").optional(),
    password: z.string().min(8, "密码至少 8 位").max(128, "密码最长 128 位").optional(),
    nickname: z.string().trim().min(1).max(32, "昵称最长 32 个字").optional(),
    role: z.enum(["member", "editor", "admin"]).default("member"),
  })
  .refine((v) => v.email || v.mobile, { message: "需要邮箱或手机号" });

export class DuplicateAccountError extends Error {
  constructor(account: string) {
    super(`该账号已存在：${account}`);
    this.name = "DuplicateAccountError";
  }
}

function defaultNickname(email?: string, mobile?: string): string {
  if (mobile) return `用户${mobile.slice(-4)}`;
  return (email ?? "会员").split("@")[0]!.slice(0, 32);
}

/** A database or an open transaction: registration creates the member inside the referral transaction. */
export type Runner = Pick<Database, "select" | "insert" | "update">;

export interface NewUserExtras {
  invitedBy?: string | null;
  referer?: Record<string, unknown> | null;
}

export async function createUser(input: z.input<typeof NewUserInput>, extras: NewUserExtras = {}, runner?: Runner): Promise<UserRow> {
  const v = NewUserInput.parse(input);
  const database = runner ?? (await db());
  const existing = await database
    .select({ id: users.id })
    .from(users)
    .where(or(v.email ? eq(users.email, v.email) : undefined, v.mobile ? eq(users.mobile, v.mobile) : undefined));
  if (existing.length > 0) throw new DuplicateAccountError(v.email ?? v.mobile ?? "");
  const passwordHash = v.password ? await hashPassword(v.password) : null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const invitationCode = invitationCodeFromBytes(randomBytes(8));
    const rows = await database
      .insert(users)
      .values({
        email: v.email ?? null,
        mobile: v.mobile ?? null,
        nickname: v.nickname ?? defaultNickname(v.email, v.mobile),
        passwordHash,
        role: v.role,
        invitationCode,
        invitedBy: extras.invitedBy ?? null,
        referer: extras.referer ?? null,
      })
      .onConflictDoNothing({ target: users.invitationCode })
      .returning();
    if (rows[0]) return rows[0];
  }
  throw new Error("could not allocate a unique invitation code");
}

/** Finds a member by e-mail (case-insensitive) or mobile number. */
export async function findUserByAccount(account: string, runner?: Runner): Promise<UserRow | null> {
  const value = account.trim();
  const database = runner ?? (await db());
  const [row] = await database
    .select()
    .from(users)
    .where(value.includes("@") ? eq(users.email, value.toLowerCase()) : eq(users.mobile, value))
    .limit(1);
  return row ?? null;
}

export async function findUserById(id: string): Promise<UserRow | null> {
  const [row] = await (await db()).select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByInvitationCode(code: string, runner?: Runner): Promise<UserRow | null> {
  const [row] = await (runner ?? (await db())).select().from(users).where(eq(users.invitationCode, code.trim().toUpperCase())).limit(1);
  return row ?? null;
}
