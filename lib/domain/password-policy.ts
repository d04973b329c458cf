import { isGuessableByShape } from "./guessable-password";

/**
 * The rules for a new password (ADR 0029), in one place for the browser's quick check and the server's decision.
 * The browser checks everything but the common-password lists (kept on the server, see common-passwords.ts); the
 * server passes that check in as `isCommon`. Shapes anyone guesses first (repetitions, runs, keyboard walks, dates,
 * love numbers: guessable-password.ts) are refused by both.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Account names shorter than this are not looked for in a password: they would refuse too many good ones. */
export const ACCOUNT_NAME_MIN = 3;

/** What a password must not contain: the member's identifiers, as far as the checker knows them. */
export interface PasswordNames {
  email?: string | null;
  mobile?: string | null;
  nickname?: string | null;
}

interface NamePart {
  value: string;
  message: string;
}

function nameParts(names: PasswordNames): NamePart[] {
  const parts: NamePart[] = [];
  const localPart = names.email?.includes("@") ? names.email.slice(0, names.email.lastIndexOf("@")) : null;
  if (localPart) parts.push({ value: localPart, message: "新密码不能包含邮箱 @ 前面的部分" });
  if (names.mobile) parts.push({ value: names.mobile, message: "新密码不能包含手机号" });
  if (names.nickname) parts.push({ value: names.nickname.trim(), message: "新密码不能包含昵称" });
  return parts
    .map((p) => ({ ...p, value: p.value.toLowerCase() }))
    .filter((p) => Array.from(p.value).length >= ACCOUNT_NAME_MIN);
}

export const COMMON_PASSWORD_MESSAGE = "这个密码太常见，很容易被猜到，请换一个";

/**
 * The first rule a new password breaks, as a Chinese sentence for the member, or null when it is acceptable.
 * Length counts UTF-16 units (as the server always has); the password is taken as typed, never trimmed.
 * Account names and the common list compare case-insensitively.
 */
export function passwordProblem(password: string, names: PasswordNames = {}, isCommon?: (password: string) => boolean): string | null {
  if (!password) return "请输入新密码";
  if (password.length < PASSWORD_MIN) return `新密码至少 ${PASSWORD_MIN} 位`;
  if (password.length > PASSWORD_MAX) return `新密码最长 ${PASSWORD_MAX} 位`;
  if (password.trim() === "") return "新密码不能全是空格";
  const lowered = password.toLowerCase();
  const contained = nameParts(names).find((p) => lowered.includes(p.value));
  if (contained) return contained.message;
  if (isGuessableByShape(password) || isCommon?.(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

export const REPEAT_MISMATCH_MESSAGE = "两次输入的新密码不一致";

/** A new password typed twice, as a form checks it: the rules above (without the common list), then the repetition. */
export function passwordPairProblem(password: string, repeat: string, names: PasswordNames = {}): string | null {
  return passwordProblem(password, names) ?? (password !== repeat ? REPEAT_MISMATCH_MESSAGE : null);
}
