import { z } from "zod";
import { ACCOUNT_INVALID_MESSAGE, parseAccount } from "@/lib/domain/account";
import { AVATAR_ACCEPT, BIND_KINDS, BIND_LABELS, NICKNAME_MAX_CHARS, type BindKind } from "./limits";
import { PASSWORD_MAX, passwordPairProblem, REPEAT_MISMATCH_MESSAGE, type PasswordNames } from "@/lib/domain/password-policy";

/**
 * The request bodies of sign-in and the member's own account (app/api/auth, app/api/user): pure zod, shared by the
 * route handlers and the forms that send them. Messages a route words as a whole live beside its schema.
 */

const accountText = z.string().max(254);
const returnPath = z.string().max(2000).optional();

const ACCOUNT_MISSING = "请输入手机号或邮箱";

export const CodeSendBody = z.object({ account: accountText });
export type CodeSendBody = z.infer<typeof CodeSendBody>;
export const CODE_SEND_INVALID = ACCOUNT_MISSING;
/** The code login's 获取验证码: the account as typed, trimmed; the server decides whether it is one. */
export const CodeSendAccount = z.string().trim().min(1, ACCOUNT_MISSING).pipe(CodeSendBody.shape.account);

export const CodeVerifyBody = z.object({
  account: accountText,
  code: z.string().max(12),
  invitationCode: z.string().max(32).optional(),
  r: returnPath,
});
export type CodeVerifyBody = z.infer<typeof CodeVerifyBody>;
export const CODE_VERIFY_INVALID = "请输入手机号或邮箱和验证码";

const SIX_DIGITS_MESSAGE = "请输入 6 位数字验证码";
const sixDigitCode = () => z.string().trim().regex(/^\d{6}$/, SIX_DIGITS_MESSAGE);

/** The code login's second step: the six digits and the invitation code, sent only when one is typed. */
export const CodeLoginForm = CodeVerifyBody.pick({ code: true, invitationCode: true }).extend({
  code: sixDigitCode().pipe(CodeVerifyBody.shape.code),
  invitationCode: z
    .string()
    .trim()
    .transform((code) => code || undefined)
    .pipe(CodeVerifyBody.shape.invitationCode),
});
export type CodeLoginForm = z.input<typeof CodeLoginForm>;

export const LoginBody = z.object({
  account: z.string().trim().min(1, "请输入手机号或邮箱").max(254),
  password: z.string().min(1, "请输入密码").max(128),
  r: returnPath,
});
export type LoginBody = z.infer<typeof LoginBody>;
export const LOGIN_INVALID = "请输入账号和密码";

export const MagicLinkBody = z.object({ token: z.string().max(200), r: returnPath });
export type MagicLinkBody = z.infer<typeof MagicLinkBody>;
export const MAGIC_LINK_INVALID = "登录链接无效或已过期";

export const PasswordResetBody = z.discriminatedUnion("step", [
  z.object({ step: z.literal("send"), account: accountText }),
  z.object({
    step: z.literal("confirm"),
    account: accountText,
    code: sixDigitCode(),
    newPassword: z.string().max(PASSWORD_MAX * 4),
  }),
]);
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** The step the raw body names, so a refusal says what that step needs. */
function stepOf(raw: unknown): unknown {
  return raw && typeof raw === "object" ? (raw as { step?: unknown }).step : undefined;
}

export const passwordResetInvalid = (raw: unknown) => (stepOf(raw) === "confirm" ? "请填写账号、6 位验证码和新密码" : ACCOUNT_MISSING);

/** The reset form's 获取验证码: a mobile number or an e-mail address, normalised as the route reads it. */
export const ResetAccount = z
  .string()
  .trim()
  .min(1, ACCOUNT_MISSING)
  .transform((typed, ctx) => {
    const account = parseAccount(typed);
    if (account) return account.value;
    ctx.addIssue({ code: "custom", message: ACCOUNT_INVALID_MESSAGE });
    return z.NEVER;
  })
  .pipe(PasswordResetBody.options[0].shape.account);

export const SetupBody = z.object({
  token: z.string().trim().min(1).max(200),
  /** A new account; without it, the member who is logged in becomes the administrator. */
  account: z.object({ email: z.string().trim().max(254), password: z.string().max(200), nickname: z.string().trim().max(64).optional() }).optional(),
});
export type SetupBody = z.infer<typeof SetupBody>;
export const SETUP_INVALID = "请填写设置令牌";

const BindKindSchema = z.enum(BIND_KINDS);
export const BindBody = z.discriminatedUnion("step", [
  z.object({ step: z.literal("send"), kind: BindKindSchema, account: accountText }),
  z.object({ step: z.literal("confirm"), kind: BindKindSchema, account: accountText, code: sixDigitCode() }),
]);
export type BindBody = z.infer<typeof BindBody>;
export const bindInvalid = (raw: unknown) => (stepOf(raw) === "confirm" ? SIX_DIGITS_MESSAGE : "请输入要绑定的手机号或邮箱");

/** An address that is not one of the kind being bound. */
export const BIND_INVALID: Record<BindKind, string> = { email: "请输入正确的邮箱", mobile: "请输入正确的手机号" };

/** The bind form's 获取验证码: an address of the row's kind that is not the one bound already, normalised. */
export function bindAddress(kind: BindKind, current: string | null) {
  return z
    .string()
    .transform((typed, ctx) => {
      const account = parseAccount(typed);
      if (!account || account.kind !== kind) ctx.addIssue({ code: "custom", message: BIND_INVALID[kind] });
      else if (account.value === current) ctx.addIssue({ code: "custom", message: `该${BIND_LABELS[kind]}已绑定到你的账号` });
      else return account.value;
      return z.NEVER;
    })
    .pipe(BindBody.options[0].shape.account);
}

/** The bind form's confirming step: BindBody's six-digit code. */
export const BindCodeForm = BindBody.options[1].pick({ code: true });
export type BindCodeForm = z.input<typeof BindCodeForm>;

export const PasswordChangeBody = z.object({
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  newPassword: z.string().max(PASSWORD_MAX * 4),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
export const PASSWORD_CHANGE_INVALID = "请输入新密码";

/**
 * Checks a new password and its repetition with the policy and the names the form knows, reporting on the field that
 * is wrong; the server checks the same policy with the common-password list added (ADR 0029).
 */
function checkNewPassword(names: PasswordNames) {
  return (values: { newPassword: string; repeatPassword: string }, ctx: z.RefinementCtx) => {
    const problem = passwordPairProblem(values.newPassword, values.repeatPassword, names);
    if (problem) ctx.addIssue({ code: "custom", path: [problem === REPEAT_MISMATCH_MESSAGE ? "repeatPassword" : "newPassword"], message: problem });
  };
}

/** The change/set password form: PasswordChangeBody's fields plus the repetition; `requiresCurrent` once one exists. */
export function passwordChangeForm(names: PasswordNames) {
  return PasswordChangeBody.extend({ requiresCurrent: z.boolean(), currentPassword: z.string().max(PASSWORD_MAX), repeatPassword: z.string() })
    .superRefine((values, ctx) => {
      if (values.requiresCurrent && !values.currentPassword) {
        ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "请输入当前密码" });
      }
    })
    .superRefine(checkNewPassword(names));
}
export type PasswordChangeForm = z.input<ReturnType<typeof passwordChangeForm>>;

const ResetConfirm = PasswordResetBody.options[1];
/** The reset form's confirming step: PasswordResetBody's code and new password plus the repetition. */
export function passwordResetForm(names: PasswordNames) {
  return ResetConfirm.pick({ code: true, newPassword: true }).extend({ repeatPassword: z.string() }).superRefine(checkNewPassword(names));
}
export type PasswordResetForm = z.input<ReturnType<typeof passwordResetForm>>;

export const NICKNAME_TOO_LONG = `昵称最长 ${NICKNAME_MAX_CHARS} 个字`;
/** Control characters, line separators and bidirectional overrides (which can make a name read as another). */
const FORBIDDEN_IN_NICKNAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** A nickname as stored: 1–32 characters (counted as the reader sees them: one per code point), trimmed, NFC. */
export const Nickname = z
  .string({ error: "请输入昵称" })
  .transform((v) => v.normalize("NFC").trim())
  .pipe(
    z
      .string()
      .min(1, "请输入昵称")
      .refine((v) => Array.from(v).length <= NICKNAME_MAX_CHARS, NICKNAME_TOO_LONG)
      .refine((v) => !FORBIDDEN_IN_NICKNAME.test(v), "昵称不能包含换行或控制字符"),
  );
/** The nickname form: the data layer's own Nickname rules. */
export const NicknameForm = z.object({ nickname: Nickname });
export type NicknameForm = z.input<typeof NicknameForm>;
/** The nickname's own rules (length in characters, allowed letters) are the data layer's; this bounds the request. */
export const NicknameBody = z.object({ nickname: z.string().max(200, NICKNAME_TOO_LONG) });
export type NicknameBody = z.infer<typeof NicknameBody>;
export const nicknameInvalid = (raw: unknown) => (NicknameBody.safeParse(raw).error?.issues[0]?.code === "too_big" ? NICKNAME_TOO_LONG : "请输入昵称");

export const NotificationsReadBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("read"), ids: z.array(z.guid()).min(1).max(200) }),
  z.object({ action: z.literal("read-all") }),
]);
export type NotificationsReadBody = z.infer<typeof NotificationsReadBody>;
export const NOTIFICATIONS_READ_INVALID = "参数无效：请指定要标记已读的消息";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The avatar chosen in the browser, checked by its size and declared type for a quick answer; the upload route
 * decides by the bytes and dimensions (lib/server/members/profile.ts, ADR 0030).
 */
export const AvatarForm = z.object({
  file: z
    .custom<File>((value) => typeof File !== "undefined" && value instanceof File, "请选择要上传的图片")
    .refine((file) => file.size <= AVATAR_MAX_BYTES, "头像图片不能超过 2 MB")
    .refine((file) => !file.type || AVATAR_ACCEPT.split(",").includes(file.type), "仅支持 JPEG、PNG、WebP 格式的图片"),
});
export type AvatarForm = z.input<typeof AvatarForm>;
