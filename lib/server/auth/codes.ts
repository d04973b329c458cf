import "server-only";
import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { loginCodes, users } from "@/lib/db/schema";
import { ACCOUNT_INVALID_MESSAGE, parseAccount, type Account } from "@/lib/domain/account";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, attemptsLeft, codeState, formatCode, isCodeFormat } from "@/lib/domain/login-code";
import { AppError, rateLimited } from "@/lib/server/http/app-error";
import { deliver } from "@/lib/server/messaging/deliver";
import { logger } from "@/lib/server/logger";
import { takeToken } from "@/lib/server/security/rate-limit";

export type CodePurpose = "login" | "bind" | "reset";

/** Marks the stored code of an unknown account's reset: never six digits, so no typed code matches it. */
const UNSENT_CODE_PREFIX = "unsent:";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const hashCode = (account: string, purpose: CodePurpose, code: string) => sha256(`${purpose}:${account}:${code}`);

export const CODE_SPENT_MESSAGE = "验证码已失效，请重新获取";

const PURPOSE_TEXT: Record<CodePurpose, string> = { login: "登录/注册", bind: "绑定账号", reset: "重置密码" };

function composeMessage(account: Account, purpose: CodePurpose, code: string, link: string | null) {
  const siteName = config().siteName;
  const base = `【${siteName}】你的${PURPOSE_TEXT[purpose]}验证码是 ${code}，10 分钟内有效。请勿告诉他人。`;
  return {
    channel: account.kind === "email" ? ("email" as const) : ("sms" as const),
    to: account.value,
    subject: `${siteName}验证码 ${code}`,
    text: link ? `${base}\n\n也可以直接点击链接登录（10 分钟内有效，仅可使用一次）：\n${link}\n\n如果不是你本人操作，请忽略本邮件。` : base,
    code,
  };
}

async function accountHolder(account: Account): Promise<string | null> {
  const column = account.kind === "email" ? users.email : users.mobile;
  const [row] = await (await db()).select({ id: users.id }).from(users).where(eq(column, account.value)).limit(1);
  return row?.id ?? null;
}

/**
 * Starts the delivery of a reset code without waiting for it (P12): only a registered account gets a reset message,
 * so an answer that waited for the mail or SMS server would tell, by its time, that the account exists. A failure is
 * logged; the member asks again (the answer says the same either way).
 */
function deliverAfterAnswer(message: ReturnType<typeof composeMessage>): void {
  deliver(message).catch((err: unknown) => {
    logger().error({ err, channel: message.channel }, "reset code delivery failed after the answer");
  });
}

/**
 * Sends a 6-digit code (and, for an e-mail login, a one-click link). Limited to one a minute and five an hour per
 * address and twenty an hour per IP. A reset for an unknown account answers the same and sends nothing; a reset
 * for a known one does not wait for its delivery, and both do the same database work before answering (P12).
 * The unknown account's reset stores a code that can never match (not six digits), so confirming it answers
 * exactly as a wrong code for a real account does (ADR 0029). A bind code goes to any address, another member's
 * too: that the address is taken is said only once its code is confirmed, to the person who holds it.
 */
export async function issueCode(opts: { account: string; purpose: CodePurpose; ip: string; userId?: string }): Promise<void> {
  const account = parseAccount(opts.account);
  if (!account) throw new AppError("invalid", ACCOUNT_INVALID_MESSAGE);
  const limits = [
    takeToken("code-minute", account.value, 1, 60),
    takeToken("code-hour", account.value, 5, 3600),
    takeToken("code-ip", opts.ip, 20, 3600),
  ];
  const wait = Math.max(...(await Promise.all(limits)));
  if (wait > 0) throw rateLimited(`发送太频繁，请 ${wait} 秒后再试`, wait);

  const holder = await accountHolder(account);
  // An unknown account's reset goes through the same steps up to the delivery, storing an unmatchable code (P12).
  const unknownReset = opts.purpose === "reset" && !holder;

  const code = formatCode(randomInt(0, 1_000_000));
  const linkToken = opts.purpose === "login" && account.kind === "email" ? randomBytes(32).toString("base64url") : null;
  const database = await db();
  await database.transaction(async (tx) => {
    // A new code replaces the earlier ones for the same address and purpose.
    await tx.update(loginCodes).set({ consumedAt: new Date() })
      .where(and(eq(loginCodes.account, account.value), eq(loginCodes.purpose, opts.purpose), isNull(loginCodes.consumedAt)));
    await tx.insert(loginCodes).values({
      account: account.value,
      purpose: opts.purpose,
      codeHash: hashCode(account.value, opts.purpose, unknownReset ? UNSENT_CODE_PREFIX + randomBytes(16).toString("hex") : code),
      linkTokenHash: linkToken ? sha256(linkToken) : null,
      userId: opts.userId ?? null,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  const link = linkToken ? `${config().siteUrl}/auth?token=${linkToken}` : null;
  const message = composeMessage(account, opts.purpose, code, link);
  if (unknownReset) {
    logger().info({ purpose: "reset" }, "reset code requested for an unknown account; nothing sent");
    return;
  }
  if (opts.purpose === "reset") {
    deliverAfterAnswer(message);
    return;
  }
  await deliver(message);
}

/** Checks a code: single use, 10 minutes, the fifth wrong try ends it. Returns the account it was sent to. */
export async function verifyCode(opts: { account: string; purpose: CodePurpose; code: string; userId?: string }): Promise<Account> {
  const account = parseAccount(opts.account);
  if (!account) throw new AppError("invalid", ACCOUNT_INVALID_MESSAGE);
  if (!isCodeFormat(opts.code.trim())) throw new AppError("invalid", "请输入 6 位数字验证码");
  const database = await db();
  const [row] = await database.select().from(loginCodes)
    .where(and(eq(loginCodes.account, account.value), eq(loginCodes.purpose, opts.purpose)))
    .orderBy(desc(loginCodes.createdAt)).limit(1);
  const spent = () => new AppError("invalid", CODE_SPENT_MESSAGE);
  if (!row || codeState(row, new Date()) !== "active") throw spent();
  if (opts.purpose === "bind" && row.userId !== (opts.userId ?? null)) throw spent();

  // Each try is counted before the code is compared, and only while tries remain: one statement, so parallel guesses
  // cannot all read the same count and get more than CODE_MAX_ATTEMPTS comparisons between them.
  const [counted] = await database.update(loginCodes).set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.consumedAt), lt(loginCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: loginCodes.attempts });
  if (!counted) throw spent();
  if (row.codeHash !== hashCode(account.value, opts.purpose, opts.code.trim())) {
    const left = attemptsLeft(counted.attempts);
    throw new AppError("invalid", left > 0 ? `验证码错误，还可尝试 ${left} 次` : "验证码错误次数过多，请重新获取");
  }
  // Single use even under concurrent submissions: only the update that flips consumed_at wins.
  const claimed = await database.update(loginCodes).set({ consumedAt: new Date() })
    .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.consumedAt))).returning({ id: loginCodes.id });
  if (claimed.length !== 1) throw spent();
  return account;
}

/** Consumes the one-click link of a login e-mail; returns the account it was sent to. */
export async function consumeLoginLink(token: string): Promise<Account | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const database = await db();
  const [row] = await database.select().from(loginCodes).where(eq(loginCodes.linkTokenHash, sha256(token))).limit(1);
  if (!row || codeState(row, new Date()) !== "active") return null;
  const claimed = await database.update(loginCodes).set({ consumedAt: new Date() })
    .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.consumedAt))).returning({ account: loginCodes.account });
  return claimed[0] ? parseAccount(claimed[0].account) : null;
}
